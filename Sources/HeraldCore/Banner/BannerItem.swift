import Foundation

/// One notification to show as an in-app banner, with the keys the queue sorts it by.
public struct BannerItem: Sendable, Hashable {
    /// The notification id; a second item with an id already on screen, waiting or
    /// recently shown is dropped as a duplicate.
    public var id: String
    /// The coalescing key: a newer item of the same thread replaces the older one's
    /// content instead of showing another banner. `nil` never coalesces.
    public var threadID: String?
    /// Where the item waits in line; see `BannerPriority`.
    public var priority: BannerPriority
    /// What the banner shows.
    public var notification: PushNotification

    public init(id: String, threadID: String? = nil, priority: BannerPriority = .normal, notification: PushNotification) {
        self.id = id
        self.threadID = threadID
        self.priority = priority
        self.notification = notification
    }

    /// An item keyed by the notification itself: its id and its `aps.thread-id`.
    ///
    /// A notification without an id gets a fresh UUID, so it is never taken for a
    /// duplicate of another.
    public init(notification: PushNotification, priority: BannerPriority = .normal) {
        self.init(
            id: notification.id ?? UUID().uuidString, threadID: notification.aps.threadID, priority: priority,
            notification: notification)
    }
}
