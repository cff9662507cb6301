/// A request that was not sent because APNs would refuse it: which field and why.
public struct APNSRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault: `device token`, `topic`, `collapse id`, `payload`, `aps.badge`.
    public var field: String
    public var message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
