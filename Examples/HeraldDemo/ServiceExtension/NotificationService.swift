import UserNotifications

// PLACEHOLDER (issue 6, item 4, deferred until the Service Extension pipeline is merged).
// The lead replaces this file with:
//
//     import HeraldApple
//     final class NotificationService: HeraldNotificationService {}
//
// which downloads the attachments, rewrites the content, records `delivered` in the App
// Group outbox and calls the content handler exactly once. Until then the push is
// delivered unchanged, so the target builds, installs and runs.

/// The demo's Notification Service Extension (placeholder: delivers the push as sent).
final class NotificationService: UNNotificationServiceExtension {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }
}
