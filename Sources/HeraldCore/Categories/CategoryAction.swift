/// A button on a notification (`UNNotificationAction`), or a text field with a
/// send button (`UNTextInputNotificationAction`).
public struct CategoryAction: Sendable, Hashable {
    /// How the system treats the action.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Only on an unlocked device.
        public static let authenticationRequired = Options(rawValue: 1 << 0)
        /// Shown as destructive (red).
        public static let destructive = Options(rawValue: 1 << 1)
        /// Opens the app (and so needs an unlocked device too).
        public static let foreground = Options(rawValue: 1 << 2)
    }

    /// The text field of a text input action.
    public struct TextInput: Sendable, Hashable {
        public var buttonTitle: String
        public var placeholder: String
        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    public var identifier: String
    public var title: String
    public var options: Options
    /// A text input action when set.
    public var textInput: TextInput?

    public init(_ identifier: String, title: String, options: Options = [], textInput: TextInput? = nil) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
    }

    /// A text input action: `buttonTitle` sends what was typed in a field showing `placeholder`.
    public static func textInput(
        _ identifier: String, title: String, buttonTitle: String, placeholder: String, options: Options = []
    ) -> CategoryAction {
        CategoryAction(identifier, title: title, options: options, textInput: TextInput(buttonTitle: buttonTitle, placeholder: placeholder))
    }
}
