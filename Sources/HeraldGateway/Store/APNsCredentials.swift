/// Which APNs a device token belongs to: a token from a development build is only
/// valid on the sandbox, one from a TestFlight or App Store build only on production.
public enum APNsEnvironment: String, Sendable, Hashable, CaseIterable {
    case sandbox, production
}

/// How the gateway authenticates to APNs for one app and environment.
public struct APNsCredentials: Sendable, Hashable {
    public enum Method: Sendable, Hashable {
        /// Token (JWT, ES256) authentication: the `.p8` key's PEM text, its 10-character
        /// key id and the 10-character team id.
        case token(keyID: String, teamID: String, privateKeyPEM: String)
        /// Certificate authentication: a PEM holding the certificate and its private key.
        case certificate(pem: String)
    }

    public var environment: APNsEnvironment
    public var method: Method
    /// Another APNs endpoint (the simulator in tests), e.g. `https://127.0.0.1:2197`.
    public var endpoint: String?
    /// A CA bundle to trust for `endpoint` (the simulator's self-signed certificate).
    public var caFile: String?

    public init(environment: APNsEnvironment, method: Method, endpoint: String? = nil, caFile: String? = nil) {
        self.environment = environment
        self.method = method
        self.endpoint = endpoint
        self.caFile = caFile
    }
}
