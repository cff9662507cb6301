import HeraldShared

/// The HTTP server could not start: what, and how to fix it.
public typealias HTTPServerError = ReasonError<HTTPServerFailure>

/// Why: the reasons of an `HTTPServerError`.
public enum HTTPServerFailure: Sendable, Hashable {
    /// `--listen` is not HOST:PORT with a numeric IPv4 or IPv6 host.
    case badAddress
    /// The server could not listen (port in use, no permission) or set up its event loops.
    case startFailed
}
