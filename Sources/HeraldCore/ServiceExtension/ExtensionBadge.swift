/// Which badge a notification delivered by the Service Extension sets on the app icon.
public enum ExtensionBadge: String, Sendable, Hashable {
    /// The inbox's badge, the number the app sets too (`Inbox.badge()`): the unread items
    /// that arrived since the last clear, or the number the latest push carried in
    /// `aps.badge` when it carried one. The extension records the item first, so the count
    /// includes this notification.
    case inbox
    /// The payload's own `aps.badge`, as received (nothing when it has none); the inbox
    /// still records the item.
    case payload
}
