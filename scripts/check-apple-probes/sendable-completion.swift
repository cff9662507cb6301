// expect: from a Sendable closure
// requestAuthorization's completion is @Sendable and runs on a background queue: touching
// main-actor state from it must not type-check.
import UserNotifications

@MainActor final class Model {
    var granted = false
    func ask() {
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert]) { granted, _ in self.granted = granted }
    }
}
