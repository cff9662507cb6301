/// No answer from a push service (APNs, FCM): the connection failed, timed out, or was
/// closed before the reply.
///
/// The request may or may not have reached the server; the clients retry it on a new
/// connection, so delivery is at least once. Requests the transport knows were not
/// processed (never written, refused, or above a GOAWAY's last stream id) are sent again
/// by the transport itself and never end in this error. HeraldAPNsModel calls it
/// `APNSTransportError`.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, so that callers can `catch` one kind.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The client is shut down (or shutting down) and takes no new requests.
        public static let shutDown = Kind(rawValue: "shut-down")
        /// The address could not be resolved, or the TCP connection was refused or timed out.
        public static let connect = Kind(rawValue: "connect")
        /// The TLS handshake failed: the server's certificate or name, or the client certificate.
        public static let tls = Kind(rawValue: "tls")
        /// The server did not agree to HTTP/2 (ALPN `h2`).
        public static let alpn = Kind(rawValue: "alpn")
        /// No answer within the request timeout.
        public static let timedOut = Kind(rawValue: "timed-out")
        /// The connection closed or failed with the request on it; it may have been processed.
        public static let connectionLost = Kind(rawValue: "connection-lost")
        /// The server stopped answering (no PING acknowledgement in time); the connection was closed.
        public static let deadConnection = Kind(rawValue: "dead-connection")
        /// The server reset the stream (RST_STREAM) before it answered.
        public static let streamReset = Kind(rawValue: "stream-reset")
        /// An HTTP/2 framing error (nghttp2), or a request the transport could not encode.
        public static let http2 = Kind(rawValue: "http2")
        public var description: String { rawValue }
    }

    public var kind: Kind
    /// The system, OpenSSL or nghttp2 error code behind it, or 0.
    public var code: Int
    /// What happened, where, and what to check.
    public var message: String

    public init(_ kind: Kind, _ message: String, code: Int = 0) {
        self.kind = kind
        self.code = code
        self.message = message
    }


    public var description: String { code == 0 ? "\(message) (\(kind))" : "\(message) (\(kind), code \(code))" }
}
