import HeraldShared

/// A service-account file that cannot be used: which field, what is wrong, and how to fix it.
/// The field is `type`, `project_id`, `client_email`, `private_key` or `token_uri`, or the
/// file name for `unreadable` and `notJSON`.
public typealias FCMServiceAccountError = FieldReasonError<FCMServiceAccountFailure>

/// Why: the reasons of an `FCMServiceAccountError`.
public enum FCMServiceAccountFailure: String, Sendable, Hashable {
    /// The file is not there or cannot be read.
    case unreadable
    /// The file is not a JSON object.
    case notJSON = "not-json"
    /// A required field is absent (or not a string).
    case missing
    /// A field is there but its value cannot be used.
    case invalid
}
