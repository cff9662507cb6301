/// A notification category (`UNNotificationCategory`): the actions a
/// notification with this `category` shows, and how it is dismissed.
public struct NotificationCategory: Sendable, Hashable {
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The dismiss action is sent to the app: `NotificationAction.dismissIdentifier`.
        public static let customDismissAction = Options(rawValue: 1 << 0)
        public static let allowInCarPlay = Options(rawValue: 1 << 1)
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 2)
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 3)
    }

    /// Most actions the system shows for one notification.
    public static let maxActions = 10

    public var identifier: String
    public var actions: [CategoryAction]
    public var options: Options
    public var intentIdentifiers: [String]
    /// The body shown when previews are hidden; `nil` for the system's.
    public var hiddenPreviewsBodyPlaceholder: String?

    public init(
        _ identifier: String, actions: [CategoryAction], options: Options = [], intentIdentifiers: [String] = [],
        hiddenPreviewsBodyPlaceholder: String? = nil
    ) {
        self.identifier = identifier
        self.actions = actions
        self.options = options
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
    }

    /// The action with this identifier.
    public func action(_ identifier: String) -> CategoryAction? {
        actions.first { $0.identifier == identifier }
    }

    /// The `category2` of seed post 002 (docs/ARCHITECTURE.md, "The seed posts"): open
    /// (foreground), not interested, like, collect, comment (text input), with the dismiss
    /// action sent to the app.
    public static let post002 = NotificationCategory(
        "category2",
        actions: [
            CategoryAction("action-open", title: "查看", options: .foreground),
            CategoryAction("action-cancel", title: "不感興趣", options: .authenticationRequired),
            CategoryAction("action-like", title: "贊", options: .authenticationRequired),
            CategoryAction("action-collect", title: "收藏", options: .destructive),
            .textInput("action-comment", title: "評論", buttonTitle: "發送", placeholder: "輸入你的評論", options: .destructive),
        ],
        options: .customDismissAction)
}
