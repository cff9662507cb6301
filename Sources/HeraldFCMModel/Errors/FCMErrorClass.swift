/// What a sender should do about an FCM failure.
public enum FCMErrorClass: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The message cannot be sent as it is (`INVALID_ARGUMENT`): fix it; sending again fails the same way.
    case unsendable
    /// The registration token is dead (`UNREGISTERED`) or belongs to another sender
    /// (`SENDER_ID_MISMATCH`): stop sending to it.
    case invalidToken = "invalid-token"
    /// Over the quota (`QUOTA_EXCEEDED`): pause, for the `Retry-After` time when given, then retry.
    case retryAfter = "retry-after"
    /// FCM or the connection failed (`UNAVAILABLE`, `INTERNAL`, no answer): retry with exponential backoff.
    case backOff = "back-off"
    /// Google refused the service account (`UNAUTHENTICATED`, `PERMISSION_DENIED`, a refused
    /// assertion): sending succeeds only once the credentials are fixed, so pause the app.
    case credentialsRefused = "credentials-refused"

    public var description: String { rawValue }

    /// Whether sending the same message again can succeed without changing anything.
    public var isRetryable: Bool { self == .retryAfter || self == .backOff }
}
