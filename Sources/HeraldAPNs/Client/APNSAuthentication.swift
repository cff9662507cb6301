/// How the client proves who it is to APNs.
public enum APNSAuthentication: Sendable {
    /// Token auth: an ES256 JWT from a `.p8` key, sent as `authorization: bearer`.
    case token(APNSTokenSigner)
    /// Certificate auth: a TLS client certificate (PEM, or PKCS#12 `.p12`) for one app.
    case certificate(APNSClientCertificate)
}

/// A TLS client certificate for certificate auth.
public struct APNSClientCertificate: Sendable, Hashable {
    /// How the certificate file is encoded.
    public struct Format: RawRepresentable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// PEM: the certificate, and the key in the same file or in `keyFile`.
        public static let pem = Format(rawValue: "PEM")
        /// PKCS#12 (`.p12`), as Keychain Access exports it: certificate and key together.
        public static let p12 = Format(rawValue: "P12")
    }

    public var file: String
    public var format: Format
    /// The private key's PEM file, when it is not inside `file`.
    public var keyFile: String?
    /// The `.p12` or key password, if any.
    public var password: String?

    public init(file: String, format: Format, keyFile: String? = nil, password: String? = nil) {
        self.file = file
        self.format = format
        self.keyFile = keyFile
        self.password = password
    }
}
