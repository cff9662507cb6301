/// A TLS client certificate (APNs' certificate auth): from files, or from memory.
///
/// In memory, the certificate and its key are read by OpenSSL from a memory BIO into
/// the client's TLS context and never written anywhere. Printing one (`description`, `debugDescription`,
/// `dump`) names its form and size, never the key or the password.
public struct TLSClientCertificate: Sendable, Hashable {
    /// How the certificate is encoded.
    public struct Format: RawRepresentable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// PEM: the certificate, and the key in the same text or in a separate key.
        public static let pem = Format(rawValue: "PEM")
        /// PKCS#12 (`.p12`), as Keychain Access exports it: certificate and key together.
        public static let p12 = Format(rawValue: "P12")
    }

    /// Where a certificate or key comes from.
    package enum Source: Sendable, Hashable {
        case file(String)
        case memory([UInt8])
    }

    package var certificate: Source
    package var key: Source?
    public var format: Format
    /// The `.p12` or key password, if any.
    public var password: String?

    /// A certificate file; its private key is inside it or in `keyFile` (PEM).
    public init(file: String, format: Format, keyFile: String? = nil, password: String? = nil) {
        self.certificate = .file(file)
        self.key = keyFile.map(Source.file)
        self.format = format
        self.password = password
    }

    /// A certificate held in memory: PEM text or `.p12` bytes, with the PEM private key in
    /// the same bytes or in `key`. Nothing is written to disk.
    public init(bytes: [UInt8], format: Format, key: [UInt8]? = nil, password: String? = nil) {
        self.certificate = .memory(bytes)
        self.key = key.map(Source.memory)
        self.format = format
        self.password = password
    }

    /// A PEM certificate held in memory, with its private key in `pem` or in `keyPEM`.
    public init(pem: String, keyPEM: String? = nil, password: String? = nil) {
        self.init(bytes: Array(pem.utf8), format: .pem, key: keyPEM.map { Array($0.utf8) }, password: password)
    }

    /// The certificate's file, or `nil` when it is held in memory.
    public var file: String? {
        if case .file(let path) = certificate { return path }
        return nil
    }

    /// The private key's PEM file, when it is a file of its own.
    public var keyFile: String? {
        if case .file(let path)? = key { return path }
        return nil
    }

    /// Whether the certificate is held in memory rather than read from a file.
    public var isInMemory: Bool {
        if case .memory = certificate { return true }
        return false
    }
}

extension TLSClientCertificate: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The form and size (or file name) of the certificate and key; never their bytes or the password.
    /// Printed under its APNs name, the only service that takes client certificates.
    public var description: String {
        var parts = ["certificate (\(format.rawValue), \(Self.describe(certificate)))"]
        if let key { parts.append("key (PEM, \(Self.describe(key)))") }
        if password != nil { parts.append("password (redacted)") }
        return "APNSClientCertificate(" + parts.joined(separator: ", ") + ")"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["redacted": description], displayStyle: .struct) }

    private static func describe(_ source: Source) -> String {
        switch source {
        case .file(let path): "file \(path)"
        case .memory(let bytes): "in memory, \(bytes.count) bytes"
        }
    }
}
