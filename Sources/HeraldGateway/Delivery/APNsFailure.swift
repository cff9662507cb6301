/// What the gateway does about an APNs refusal, from the status and reason (the table of statuses and reasons in docs/apns.md, "Errors").
public enum APNsFailure: Sendable, Hashable {
    /// The token is dead: invalidate the device (for 410, only if it registered the
    /// token before APNs' timestamp). BadDeviceToken, DeviceTokenNotForTopic, Unregistered, ExpiredToken.
    case invalidateToken
    /// Never retried: the request itself is wrong (BadTopic, PayloadTooLarge, ...).
    case permanent
    /// Retried with backoff: 429, 5xx, IdleTimeout, ExpiredProviderToken (the deliverer makes a new JWT).
    case retry
    /// The app's credentials are wrong (403 BadCertificate, InvalidProviderToken, ...): the
    /// app's deliveries pause and retry with backoff, so fixing the key loses nothing.
    case configuration

    /// Classifies an APNs error response.
    public static func classify(status: Int, reason: String) -> APNsFailure {
        switch (status, reason) {
        case (410, _), (400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"): return .invalidateToken
        case (400, "IdleTimeout"), (403, "ExpiredProviderToken"), (429, _): return .retry
        case (403, _): return .configuration
        case (500..., _): return .retry
        default: return .permanent
        }
    }
}
