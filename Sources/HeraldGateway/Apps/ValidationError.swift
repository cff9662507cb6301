/// Input that does not fit: which field, what is wrong, and how to fix it.
public struct ValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where: a JSON path such as `interests[3]`, or an option such as `--key-id`.
    public var field: String
    public var message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
