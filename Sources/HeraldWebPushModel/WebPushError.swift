import HeraldCrypto
import HeraldShared

/// Input Web Push cannot use: which field, why, and how to fix it
/// (`subscription.keys.p256dh: …`, `vapid.sub: …`).
public typealias WebPushError = FieldReasonError<WebPushFailure>

/// Why: the reasons of a `WebPushError`.
public enum WebPushFailure: Sendable, Hashable {
    /// Not base64url text.
    case notBase64URL
    /// Bytes of the wrong length (a 16-byte `auth`, a 65-byte `p256dh`, a 16-byte salt).
    case wrongLength(actual: Int, expected: Int)
    /// 65 bytes that are not an uncompressed point on P-256.
    case notOnCurve
    /// A message whose encrypted body would be larger than push services take.
    case tooLarge(size: Int, limit: Int)
    /// A VAPID contact that is neither `mailto:` nor `https:`.
    case badContact
    /// An endpoint that is not an absolute `https:` (or `http:`) URL with a host.
    case badEndpoint
    /// A token lifetime outside 1 second … 24 hours.
    case badLifetime
    /// A key that is not PEM, or not a P-256 key.
    case badKey
    /// OpenSSL failed.
    case openSSL(OpenSSLError)
}
