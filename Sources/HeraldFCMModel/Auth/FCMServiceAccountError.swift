/// A service-account file that cannot be used: which field, what is wrong, and how to fix it.
public struct FCMServiceAccountError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Reason: String, Sendable, Hashable {
        /// The file is not there or cannot be read.
        case unreadable
        /// The file is not a JSON object.
        case notJSON = "not-json"
        /// A required field is absent (or not a string).
        case missing
        /// A field is there but its value cannot be used.
        case invalid
    }

    public var reason: Reason
    /// The field at fault (`type`, `project_id`, `client_email`, `private_key`, `token_uri`),
    /// or the file name for `unreadable` and `notJSON`.
    public var field: String
    /// What is wrong and how to fix it.
    public var message: String

    public init(_ reason: Reason, field: String, _ message: String) {
        self.reason = reason
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
