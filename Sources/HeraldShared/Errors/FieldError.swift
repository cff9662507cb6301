/// Input or a setting that cannot work: which field, what is wrong, and how to fix it.
///
/// `Domain` only keeps the errors of different places apart (`APNSRequestError`,
/// `ValidationError`, …: each is a `FieldError` of its own caseless domain), so a caller
/// still catches exactly the kind it expects.
public struct FieldError<Domain>: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where: a request field, a setting, a command-line flag or a JSON path.
    public var field: String
    public var message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
