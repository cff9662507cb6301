/// What the system shows after the Service Extension: the fields of
/// `UNMutableNotificationContent` that Herald sets, platform-neutral.
///
/// It starts as the payload's own content (`aps.alert`, `aps.category`,
/// `aps.thread-id`, `aps.sound`), then `ContentMutation`s, attachments and
/// `CategoryRule`s change it. The Apple adapter copies it onto the request's
/// mutable content field by field, so `nil` always means "leave as received".
public struct NotificationContent: Sendable, Hashable {
    public var title: String?
    public var subtitle: String?
    public var body: String?
    /// `categoryIdentifier`: which registered category (actions, content extension) applies.
    public var categoryIdentifier: String?
    /// `threadIdentifier`: how the system groups notifications.
    public var threadIdentifier: String?
    public var sound: Sound?
    /// The app icon's badge after this notification; `nil` leaves the payload's own.
    public var badge: Int?
    /// Files on disk, in payload order; the first is the thumbnail the system shows.
    public var attachments: [SavedAttachment]

    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil, categoryIdentifier: String? = nil,
        threadIdentifier: String? = nil, sound: Sound? = nil, badge: Int? = nil, attachments: [SavedAttachment] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.sound = sound
        self.badge = badge
        self.attachments = attachments
    }

    /// The content as received: alert text (with the provider's fallbacks), category, thread and sound.
    public init(notification: PushNotification) {
        self.init(
            title: notification.content.title, subtitle: notification.content.subtitle, body: notification.content.body,
            categoryIdentifier: notification.aps.category, threadIdentifier: notification.aps.threadID,
            sound: notification.aps.sound)
    }

    /// Reads or writes one field by name; `sound` reads and writes the sound's file name
    /// (a critical sound stays critical, with its volume).
    public subscript(field: ContentField) -> String? {
        get {
            switch field {
            case .title: return title
            case .subtitle: return subtitle
            case .body: return body
            case .category: return categoryIdentifier
            case .threadID: return threadIdentifier
            case .sound: return sound?.name
            }
        }
        set {
            switch field {
            case .title: title = newValue
            case .subtitle: subtitle = newValue
            case .body: body = newValue
            case .category: categoryIdentifier = newValue
            case .threadID: threadIdentifier = newValue
            case .sound: sound = newValue.map { Sound(name: $0, isCritical: sound?.isCritical ?? false, volume: sound?.volume) }
            }
        }
    }
}

/// A field of `NotificationContent` that a `ContentMutation` can set.
public enum ContentField: String, Sendable, Hashable, CaseIterable {
    case title, subtitle, body, category
    case threadID = "thread-id"
    case sound
}
