import HeraldAPNsModel

/// What every connection of a pool is set up with (made by `APNSClientConfiguration.validated()`).
struct H2Settings: Sendable {
    /// Where notifications and broadcasts go: the endpoint's `baseURL`.
    var notifications: H2Route
    /// Where channel management requests go: the endpoint's `channelBaseURL`; `nil` when it is
    /// not an `https://host[:port]` URL (each channel request then fails with `.http2`).
    var channels: H2Route?
    /// The endpoint's `channelBaseURL` as given, for that failure's message.
    var channelBaseURL: String
    var caFile: String?
    /// The client certificate (certificate auth): files, or bytes held in memory.
    var certificate: APNSClientCertificate?
    /// Seconds from handing a request to the transport to its answer.
    var requestTimeout: Double
    /// Seconds for TCP, TLS and the server's first SETTINGS together.
    var connectTimeout: Double
    /// Streams in flight per connection at most; the server's SETTINGS_MAX_CONCURRENT_STREAMS lowers it.
    var maxConcurrentStreams: Int
    /// Seconds of silence from the server, with requests outstanding, before a PING.
    var pingInterval: Double
    /// Seconds a PING may go unanswered before the connection counts as dead.
    var pingTimeout: Double
    /// Reconnect delays after failed connection attempts: `base * 2^(n-1)`, at most `max`.
    var backoffBase: Double = 0.1
    var backoffMax: Double = 10
}
