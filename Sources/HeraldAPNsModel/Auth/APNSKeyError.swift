import HeraldCrypto

/// A key that cannot be used for token auth: what is wrong, where, and how to fix it.
public struct APNSKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem; `unknown` keeps anything else as text.
    public enum Reason: Sendable, Hashable {
        /// The file is not there or cannot be read.
        case unreadable
        /// The text is not a PEM private or public key.
        case notPEM
        /// A key, but not an elliptic-curve P-256 key (APNs signs with ES256 only).
        case notP256
        /// A key id or team id that is not 10 letters and digits.
        case badIdentifier
        /// OpenSSL failed while reading or using the key.
        case openSSL(OpenSSLError)
    }

    public var reason: Reason
    /// Where: the file name, or `key id`, `team id`.
    public var source: String
    /// What is wrong and how to fix it.
    public var message: String

    public init(_ reason: Reason, source: String, _ message: String) {
        self.reason = reason
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): \(message)" }
}
