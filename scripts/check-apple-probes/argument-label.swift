// expect: incorrect argument label
// Signatures are Apple's: a wrong label must not type-check.
import UserNotifications

func post(_ request: UNNotificationRequest) {
    UNUserNotificationCenter.current().add(request, completionHandler: nil)
}
