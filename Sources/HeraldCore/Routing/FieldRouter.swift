/// Takes a notification to a target by the fields of its data, for payloads without a link.
///
/// Routes are tried in the order given and the first whose conditions all hold wins,
/// so list narrow routes before broad ones:
///
/// ```swift
/// let router = FieldRouter([
///     FieldRoute(when: ["type": "articles"], target: Screen.article, parameters: ["id": "conId"]),
///     FieldRoute(when: ["type": "messages"], target: Screen.messages),
///     FieldRoute(when: ["pushextr": "*"], target: Screen.topic, parameters: ["id": "pushextr"]),
/// ])
/// router.match(["type": "articles", "conId": 7])   // article, ["id": "7"]
/// ```
public struct FieldRouter<Target: Sendable>: Sendable {
    /// The routes, in the order they are tried.
    public var routes: [FieldRoute<Target>]

    /// A router that tries `routes` in order.
    public init(_ routes: [FieldRoute<Target>]) {
        self.routes = routes
    }

    /// The first route whose conditions all hold for `data`, or `nil`.
    public func match(_ data: [String: JSONValue]) -> FieldMatch<Target>? {
        let root = JSONValue.object(data)
        return match { root[path: $0] }
    }

    /// The first route whose conditions all hold for the notification's data,
    /// where a path missing from the data is looked up in the raw payload.
    public func match(_ notification: PushNotification) -> FieldMatch<Target>? {
        match { notification[$0] }
    }

    /// The first route that holds for the values `lookup` finds.
    private func match(_ lookup: (JSONPath) -> JSONValue?) -> FieldMatch<Target>? {
        for route in routes where route.holds(in: lookup) {
            return FieldMatch(target: route.target, parameters: route.captures(in: lookup))
        }
        return nil
    }
}
