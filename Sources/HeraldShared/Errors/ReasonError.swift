/// A failure with a stable reason for code to act on and a message for people: what is
/// wrong and how to fix it.
///
/// `Reason` is each place's own enumeration (`UserTokenFailure`, `StoreFailure`, …), so a
/// caller still catches exactly the kind it expects (`UserTokenError`, `StoreError`, …, each
/// a `ReasonError` of its own reasons) and switches over its reasons.
public struct ReasonError<Reason: Sendable & Hashable>: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: Reason
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}

/// A `ReasonError` in one place: which field (or file), the stable reason, and a message
/// that says what is wrong and how to fix it (`APNSKeyError`, `FCMServiceAccountError`).
public struct FieldReasonError<Reason: Sendable & Hashable>: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: Reason
    /// Where: a field of a file, a setting, or the file itself.
    public var field: String
    public var message: String

    public init(_ reason: Reason, field: String, _ message: String) {
        self.reason = reason
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
