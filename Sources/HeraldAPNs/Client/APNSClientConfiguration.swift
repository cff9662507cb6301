import HeraldAPNsModel
import HeraldH2Client

/// Everything an `APNSClient` needs: who it is, where it sends, and its limits.
///
/// One client is one pool of connections for one team, key (or certificate) and
/// environment, as APNs requires: a connection carries one key's tokens only.
public struct APNSClientConfiguration: Sendable {
    public var authentication: APNSAuthentication
    public var endpoint: APNSEndpoint
    /// A CA file to trust instead of the system's (for a simulator); `nil` for Apple.
    public var caFile: String?
    /// HTTP/2 connections to open; several spread load (APNs encourages a few).
    public var connections: Int
    /// Streams per connection Herald keeps in flight at most; the server's
    /// SETTINGS_MAX_CONCURRENT_STREAMS lowers it. Requests beyond wait (back-pressure).
    public var maxConcurrentStreams: Int
    /// Seconds a request may take, from being handed to the transport to its answer.
    public var requestTimeout: Double
    /// Seconds for TCP, TLS and the server's first SETTINGS together.
    public var connectTimeout: Double
    /// Seconds of silence from the server, with requests outstanding, before the client
    /// sends PING (an idle connection is pinged after at least 60 s).
    public var pingInterval: Double = 5
    /// Seconds a PING may go unanswered before the connection counts as dead: its
    /// requests fail with `APNSTransportError` (kind `.deadConnection`) and a new one opens.
    public var pingTimeout: Double = 10
    public var retry: APNSRetryPolicy
    /// Seconds between provider tokens, 1200...3600.
    public var tokenRefreshInterval: Double

    public init(
        authentication: APNSAuthentication, endpoint: APNSEndpoint, caFile: String? = nil, connections: Int = 1,
        maxConcurrentStreams: Int = 500, requestTimeout: Double = 30, connectTimeout: Double = 10,
        retry: APNSRetryPolicy = .default, tokenRefreshInterval: Double = 50 * 60
    ) {
        self.authentication = authentication
        self.endpoint = endpoint
        self.caFile = caFile
        self.connections = connections
        self.maxConcurrentStreams = maxConcurrentStreams
        self.requestTimeout = requestTimeout
        self.connectTimeout = connectTimeout
        self.retry = retry
        self.tokenRefreshInterval = tokenRefreshInterval
    }

    func validated() throws(APNSConfigurationError) -> H2Settings {
        guard endpoint.baseURL.hasPrefix("https://") else {
            throw APNSConfigurationError("endpoint", "\"\(endpoint.baseURL)\" is not an https:// URL; APNs speaks HTTP/2 over TLS only")
        }
        guard let notifications = H2Route(url: endpoint.baseURL) else {
            throw APNSConfigurationError("endpoint", "\"\(endpoint.baseURL)\" is not https://host[:port] with a port in 1...65535")
        }
        try H2Settings.checkPool(connections: connections, maxConcurrentStreams: maxConcurrentStreams, as: APNSConfigurationError.self)
        guard requestTimeout > 0, connectTimeout > 0, pingInterval > 0, pingTimeout > 0 else {
            throw APNSConfigurationError("timeout", "timeouts and the PING interval must be positive")
        }
        guard retry.maxRetries >= 0, retry.baseDelay >= 0, retry.maxDelay >= retry.baseDelay else {
            throw APNSConfigurationError("retry", "maxRetries and delays must not be negative, and maxDelay must be at least baseDelay")
        }
        try H2Settings.checkCAFile(caFile, as: APNSConfigurationError.self)
        var certificate: APNSClientCertificate?
        if case .certificate(let cert) = authentication {
            try Self.check(cert.certificate, setting: "certificate", format: cert.format)
            if let key = cert.key { try Self.check(key, setting: "certificate key", format: .pem) }
            certificate = cert
        }
        return H2Settings(
            name: "APNs", route: notifications, caFile: caFile, certificate: certificate, keptHeaders: TransportAnswer.apnsHeaders,
            requestTimeout: requestTimeout, connectTimeout: connectTimeout, maxConcurrentStreams: maxConcurrentStreams,
            pingInterval: pingInterval, pingTimeout: pingTimeout)
    }

    /// Throws unless `source` is a readable file, or bytes that look like `format`. The
    /// message names the file or the size, never the bytes (they hold a private key).
    private static func check(_ source: APNSClientCertificate.Source, setting: String, format: APNSClientCertificate.Format)
        throws(APNSConfigurationError)
    {
        switch source {
        case .file(let path):
            guard FileManagerProbe.isReadable(path) else { throw APNSConfigurationError(setting, "\(path): no such file, or it cannot be read") }
        case .memory(let bytes):
            guard !bytes.isEmpty else { throw APNSConfigurationError(setting, "empty; give the PEM text or the .p12 bytes") }
            if format == .pem, !String(decoding: bytes, as: UTF8.self).contains("-----BEGIN") {
                throw APNSConfigurationError(setting, "\(bytes.count) bytes with no -----BEGIN line: not PEM text (for a .p12 give the format .p12)")
            }
        }
    }
}
