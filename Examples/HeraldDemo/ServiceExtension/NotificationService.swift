import HeraldAppleExtensions

/// The demo's Notification Service Extension: Herald's pipeline downloads the
/// attachments, rewrites the content, delivers exactly once before the deadline, and
/// records `delivered` in the App Group outbox the app sends from.
final class NotificationService: HeraldNotificationService, @unchecked Sendable {
    override var appGroup: String? { "group.org.herald.demo" }
}
