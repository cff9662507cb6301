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
