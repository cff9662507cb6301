/// Holds a main-actor value (a `HeraldClock`) in a `Sendable` type that uses it only on the main actor.
@MainActor
final class MainActorBox<Value> {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
