/// The local notification Herald posts when it re-posts a push that arrived in the foreground: what the
/// system shows, and the push's whole payload as `userInfo`, so that the echo decodes
/// to the same notification and is presented once, routed once and counted once.
///
/// The Apple adapter copies each field into a `UNMutableNotificationContent`; every
/// choice about the content is made here.
public struct LocalRepost: Sendable, Hashable {
    /// The request identifier: the notification id, so a second re-post of the same
    /// push replaces the first instead of showing twice.
    public var identifier: String
    public var title: String?
    public var subtitle: String?
    public var body: String?
    /// The sound: the push's own, or the default sound when it has none. A critical sound
    /// is re-posted as an ordinary one (critical needs the entitlement the push was sent with).
    public var sound: Sound?
    /// `aps.thread-id`, which groups it with the push's thread.
    public var threadID: String?
    /// `aps.category`, which gives it the push's actions.
    public var categoryID: String?
    /// The push payload as received.
    public var userInfo: [String: JSONValue]

    /// A sound a local notification plays.
    public enum Sound: Sendable, Hashable {
        /// The system's default sound.
        case systemDefault
        /// A sound file in the app's bundle or its Library/Sounds folder.
        case named(String)
    }

    public init(
        identifier: String, title: String? = nil, subtitle: String? = nil, body: String? = nil, sound: Sound? = nil,
        threadID: String? = nil, categoryID: String? = nil, userInfo: [String: JSONValue] = [:]
    ) {
        self.identifier = identifier
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.sound = sound
        self.threadID = threadID
        self.categoryID = categoryID
        self.userInfo = userInfo
    }

    /// The re-post of `notification`; `fallbackIdentifier` names it when the push has no id.
    public init(_ notification: PushNotification, fallbackIdentifier: @autoclosure () -> String) {
        self.init(
            identifier: notification.id.map { "herald.repost." + $0 } ?? fallbackIdentifier(),
            title: notification.content.title, subtitle: notification.content.subtitle, body: notification.content.body,
            sound: Self.sound(notification.aps.sound?.name), threadID: notification.aps.threadID,
            categoryID: notification.aps.category, userInfo: notification.raw)
    }

    private static func sound(_ name: String?) -> Sound {
        guard let name, !name.isEmpty, name != "default" else { return .systemDefault }
        return .named(name)
    }
}
