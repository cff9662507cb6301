/// How to present one notification.
public enum PresentationDecision: Sendable, Hashable {
    /// Herald's in-app banner.
    case banner
    /// The system's notification UI with these options.
    case system(PresentationOptions)
    /// Ask the user first ("show it?") in a confirm alert.
    case confirm
    /// Show nothing; deliver the data to the app only.
    case silent
    /// Take the user to the notification's screen at once.
    case route
    /// Post it again as a local notification, which then presents itself with sound, banner and badge.
    case repostAsLocal
}

/// The system presentation options (UNNotificationPresentationOptions), as a set.
public struct PresentationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let banner = PresentationOptions(rawValue: 1 << 0)
    public static let list = PresentationOptions(rawValue: 1 << 1)
    public static let sound = PresentationOptions(rawValue: 1 << 2)
    public static let badge = PresentationOptions(rawValue: 1 << 3)
    public static let all: PresentationOptions = [.banner, .list, .sound, .badge]

    /// Option names, for timelines and logs.
    public var names: [String] {
        [(PresentationOptions.banner, "banner"), (.list, "list"), (.sound, "sound"), (.badge, "badge")]
            .filter { contains($0.0) }.map(\.1)
    }
}

/// What the policy knows when it decides.
public struct PresentationContext: Sendable {
    public var notification: PushNotification
    public var source: NotificationSource
    public var state: AppState

    public init(notification: PushNotification, source: NotificationSource, state: AppState) {
        self.notification = notification
        self.source = source
        self.state = state
    }
}
