/// What a sender should do about a failure.
public enum APNSErrorClass: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Sending the same request again will fail the same way: fix the request or the setup.
    case permanent
    /// The device token is dead or not for this topic: stop sending to it (for 410, only
    /// when it was registered before the error's timestamp).
    case invalidToken = "invalid-token"
    /// Too many requests: wait (the `Retry-After` time when given), then retry.
    case retryAfter = "retry-after"
    /// APNs or the connection failed: retry with exponential backoff on a new connection.
    case backOff = "back-off"
    /// The provider token expired: make a new one and retry once.
    case refreshToken = "refresh-token"

    public var description: String { rawValue }

    /// Whether sending again can succeed.
    public var isRetryable: Bool { self == .retryAfter || self == .backOff || self == .refreshToken }
}
