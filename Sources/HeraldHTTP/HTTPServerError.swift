/// The HTTP server could not start: what, and how to fix it.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// `--listen` is not HOST:PORT with a numeric IPv4 or IPv6 host.
        case badAddress
        /// The server could not listen (port in use, no permission) or set up its event loops.
        case startFailed
    }

    public var reason: Reason
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { message }
}
