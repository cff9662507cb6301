import HeraldAPNsModel

/// What the gateway does about one refusal: for APNs, decided from the typed `APNSError`
/// (its class and whether it refuses the credentials; docs/apns.md has the table); another
/// service's deliverer decides it from its own errors (`DeliveryRefusal`).
public enum RefusalAction: Sendable, Hashable {
    /// The token is dead: the store invalidates the device when
    /// `APNSError.invalidates(tokenRegisteredAt:)` agrees (another service's dead token
    /// fails the delivery: the store's invalidation speaks APNs' rule only).
    case invalidate
    /// Never retried: the request itself is wrong (BadTopic, PayloadTooLarge, ...).
    case fail
    /// Retried with backoff: 429, 5xx, IdleTimeout, ExpiredProviderToken (the client has
    /// renewed the token once already; the next attempt makes a new one if needed).
    case retry
    /// The app's credentials are wrong (403 BadCertificate, InvalidProviderToken, ...): the
    /// app's deliveries in that environment pause and retry, so fixing the key loses nothing.
    case pauseForCredentials

    init(_ error: APNSError) {
        if error.refusesCredentials {
            self = .pauseForCredentials
            return
        }
        switch error.errorClass {
        case .invalidToken: self = .invalidate
        case .permanent: self = .fail
        case .retryAfter, .backOff, .refreshToken: self = .retry
        }
    }
}
