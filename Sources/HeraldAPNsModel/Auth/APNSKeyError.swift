import HeraldCrypto
import HeraldShared

/// A key that cannot be used for token auth: what is wrong, where, and how to fix it.
public typealias APNSKeyError = FieldReasonError<APNSKeyFailure>

/// Why: the reasons of an `APNSKeyError`.
public enum APNSKeyFailure: Sendable, Hashable {
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

extension FieldReasonError where Reason == APNSKeyFailure {
    /// `source`: the file name, or `key id`, `team id`.
    public init(_ reason: APNSKeyFailure, source: String, _ message: String) {
        self.init(reason, field: source, message)
    }

    /// Where: the file name, or `key id`, `team id`.
    public var source: String { field }
}
