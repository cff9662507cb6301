import HeraldShared

/// How a provider authenticates to APNs for one app and environment, as data that can be
/// stored (the gateway keeps one per app and environment) and handed to a client
/// (`APNSClientConfiguration(credentials:)`): the key or certificate as PEM text, the
/// environment its tokens are for, and optionally another endpoint and CA (a simulator).
public struct APNSCredentials: Sendable, Hashable {
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

// Credentials reach log lines and test failures (an `AppRecord` holds them): printing
// names the method, ids, environment and sizes, never a private key.
extension APNSCredentials.Method: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case .token(let keyID, let teamID, let pem): "token (key id \(keyID), team id \(teamID), private key PEM, \(pem.utf8.count) bytes)"
        case .certificate(let pem): "certificate (PEM, \(pem.utf8.count) bytes)"
        }
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["redacted": description], displayStyle: .enum) }
}

extension APNSCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        var parts = [environment.rawValue, method.description]
        if let endpoint { parts.append("endpoint \(endpoint)") }
        if let caFile { parts.append("CA file \(caFile)") }
        return "APNSCredentials(" + parts.joined(separator: ", ") + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["environment": environment, "method": method.description, "endpoint": endpoint as Any, "caFile": caFile as Any],
            displayStyle: .struct)
    }
}
