// expect: has different argument labels from those required by protocol 'UNUserNotificationCenterDelegate'
// A misspelt delegate method (here the Swift 2 name) is a method iOS never calls; iOS only
// warns, the stubs require both methods Herald implements, so here it fails the check.
import UserNotifications

final class Delegate: NSObject, UNUserNotificationCenterDelegate {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresentNotification notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) { completionHandler([.banner]) }
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) { completionHandler() }
}
