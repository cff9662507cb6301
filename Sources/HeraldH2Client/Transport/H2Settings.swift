/// What every connection of a pool is set up with (made by the client's configuration).
package struct H2Settings: Sendable {
    /// What logs, thread names and errors call the service: `APNs`, `FCM`.
    package var name: String
    /// Where requests go unless they name another route.
    package var route: H2Route
    package var caFile: String?
    /// The client certificate (APNs' certificate auth): files, or bytes held in memory.
    package var certificate: TLSClientCertificate?
    /// Response headers to keep besides `:status` and `retry-after` (`apns-id`, ...).
    package var keptHeaders: [H2KeptHeader] = []
    /// Seconds from handing a request to the transport to its answer.
    package var requestTimeout: Double
    /// Seconds for TCP, TLS and the server's first SETTINGS together.
    package var connectTimeout: Double
    /// Streams in flight per connection at most; the server's SETTINGS_MAX_CONCURRENT_STREAMS lowers it.
    package var maxConcurrentStreams: Int
    /// Seconds of silence from the server, with requests outstanding, before a PING.
    package var pingInterval: Double
    /// Seconds a PING may go unanswered before the connection counts as dead.
    package var pingTimeout: Double
    /// Reconnect delays after failed connection attempts: `base * 2^(n-1)`, at most `max`.
    package var backoffBase: Double = 0.1
    package var backoffMax: Double = 10

    package init(
        name: String, route: H2Route, caFile: String?, certificate: TLSClientCertificate? = nil, keptHeaders: [H2KeptHeader] = [],
        requestTimeout: Double, connectTimeout: Double, maxConcurrentStreams: Int, pingInterval: Double, pingTimeout: Double
    ) {
        self.name = name
        self.route = route
        self.caFile = caFile
        self.certificate = certificate
        self.keptHeaders = keptHeaders
        self.requestTimeout = requestTimeout
        self.connectTimeout = connectTimeout
        self.maxConcurrentStreams = maxConcurrentStreams
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
    }
}
