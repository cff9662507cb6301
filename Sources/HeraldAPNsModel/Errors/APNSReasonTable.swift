/// Apple's table of APNs error reasons: status, class and meaning, in one place.
public enum APNSReasonTable {
    /// One documented reason.
    public struct Entry: Sendable, Hashable {
        public let reason: APNSError.Reason
        /// The wire text: `BadDeviceToken`.
        public let text: String
        /// The status APNs answers with.
        public let status: Int
        public let errorClass: APNSErrorClass
        /// What it means and what to do.
        public let meaning: String
    }

    /// Every documented reason, in Apple's order.
    public static let entries: [Entry] = [
        Entry(reason: .badCollapseID, text: "BadCollapseId", status: 400, errorClass: .permanent, meaning: "the collapse id is longer than 64 bytes"),
        Entry(reason: .badDeviceToken, text: "BadDeviceToken", status: 400, errorClass: .invalidToken, meaning: "not a valid token, or a sandbox token sent to production (or the reverse)"),
        Entry(reason: .badExpirationDate, text: "BadExpirationDate", status: 400, errorClass: .permanent, meaning: "apns-expiration is not valid"),
        Entry(reason: .badMessageID, text: "BadMessageId", status: 400, errorClass: .permanent, meaning: "apns-id is not a valid UUID"),
        Entry(reason: .badPriority, text: "BadPriority", status: 400, errorClass: .permanent, meaning: "apns-priority is not 10, 5 or 1"),
        Entry(reason: .badTopic, text: "BadTopic", status: 400, errorClass: .permanent, meaning: "apns-topic is not valid"),
        Entry(reason: .deviceTokenNotForTopic, text: "DeviceTokenNotForTopic", status: 400, errorClass: .invalidToken, meaning: "the token belongs to another app (topic)"),
        Entry(reason: .duplicateHeaders, text: "DuplicateHeaders", status: 400, errorClass: .permanent, meaning: "a header was sent twice"),
        Entry(reason: .idleTimeout, text: "IdleTimeout", status: 400, errorClass: .backOff, meaning: "the connection was idle too long; retry on a new connection"),
        Entry(reason: .invalidPushType, text: "InvalidPushType", status: 400, errorClass: .permanent, meaning: "apns-push-type is not valid (broadcasts and channels take only Live Activities)"),
        Entry(reason: .missingDeviceToken, text: "MissingDeviceToken", status: 400, errorClass: .permanent, meaning: "the path has no device token"),
        Entry(reason: .missingTopic, text: "MissingTopic", status: 400, errorClass: .permanent, meaning: "apns-topic is required with this key or certificate"),
        Entry(reason: .payloadEmpty, text: "PayloadEmpty", status: 400, errorClass: .permanent, meaning: "the payload is empty"),
        Entry(reason: .topicDisallowed, text: "TopicDisallowed", status: 400, errorClass: .permanent, meaning: "pushing to this topic is not allowed"),
        Entry(reason: .badCertificate, text: "BadCertificate", status: 403, errorClass: .permanent, meaning: "the client certificate is not valid"),
        Entry(reason: .badCertificateEnvironment, text: "BadCertificateEnvironment", status: 403, errorClass: .permanent, meaning: "the certificate is for the other environment"),
        Entry(reason: .expiredProviderToken, text: "ExpiredProviderToken", status: 403, errorClass: .refreshToken, meaning: "the provider token is older than an hour; make a new one and retry"),
        Entry(reason: .forbidden, text: "Forbidden", status: 403, errorClass: .permanent, meaning: "the action is not allowed"),
        Entry(reason: .invalidProviderToken, text: "InvalidProviderToken", status: 403, errorClass: .permanent, meaning: "the token's signature, key id or team id is not valid"),
        Entry(reason: .missingProviderToken, text: "MissingProviderToken", status: 403, errorClass: .permanent, meaning: "no certificate and no authorization header"),
        Entry(reason: .unrelatedKeyIDInToken, text: "UnrelatedKeyIdInToken", status: 403, errorClass: .permanent, meaning: "the key id is not the one this connection started with; keep one connection pool per key"),
        Entry(reason: .badEnvironmentKeyIDInToken, text: "BadEnvironmentKeyIdInToken", status: 403, errorClass: .permanent, meaning: "the key is not allowed in this environment"),
        Entry(reason: .badPath, text: "BadPath", status: 404, errorClass: .permanent, meaning: "the request path is none of APNs' (/3/device/<token>, /4/broadcasts/apps/<bundle id>, /1/apps/<bundle id>/channels)"),
        Entry(reason: .methodNotAllowed, text: "MethodNotAllowed", status: 405, errorClass: .permanent, meaning: "only POST is accepted"),
        Entry(reason: .expiredToken, text: "ExpiredToken", status: 410, errorClass: .invalidToken, meaning: "the device token has expired"),
        Entry(reason: .unregistered, text: "Unregistered", status: 410, errorClass: .invalidToken, meaning: "the token is no longer active for the topic (the app was removed)"),
        Entry(reason: .payloadTooLarge, text: "PayloadTooLarge", status: 413, errorClass: .permanent, meaning: "the payload is over 4096 bytes (5120 for VoIP)"),
        Entry(reason: .tooManyProviderTokenUpdates, text: "TooManyProviderTokenUpdates", status: 429, errorClass: .retryAfter, meaning: "the provider token was replaced too often (keep it at least 20 minutes)"),
        Entry(reason: .tooManyRequests, text: "TooManyRequests", status: 429, errorClass: .retryAfter, meaning: "too many requests to the same device token"),
        Entry(reason: .internalServerError, text: "InternalServerError", status: 500, errorClass: .backOff, meaning: "APNs failed; retry later"),
        Entry(reason: .serviceUnavailable, text: "ServiceUnavailable", status: 503, errorClass: .backOff, meaning: "APNs is unavailable; retry later"),
        Entry(reason: .shutdown, text: "Shutdown", status: 503, errorClass: .backOff, meaning: "the APNs server is shutting down; retry on a new connection"),
        Entry(reason: .badChannelID, text: "BadChannelId", status: 400, errorClass: .permanent, meaning: "apns-channel-id is not base64, or is too long"),
        Entry(reason: .missingChannelID, text: "MissingChannelId", status: 400, errorClass: .permanent, meaning: "the request needs an apns-channel-id header"),
        Entry(reason: .channelNotRegistered, text: "ChannelNotRegistered", status: 400, errorClass: .permanent, meaning: "no channel has this id in this environment (it was deleted, or made in the other one)"),
        Entry(reason: .cannotCreateChannelConfig, text: "CannotCreateChannelConfig", status: 400, errorClass: .permanent, meaning: "the app has as many channels as APNs allows (10,000 per environment); delete ended ones"),
        Entry(reason: .missingPushType, text: "MissingPushType", status: 400, errorClass: .permanent, meaning: "the request needs apns-push-type (a channel's push-type); both are LiveActivity"),
    ]

    static let byText: [String: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.text, $0) })

    /// The documented reason with this wire text (`BadDeviceToken`); nil for any other text.
    public static func entry(text: String) -> Entry? { byText[text] }
    static let byReason: [APNSError.Reason: Entry] = Dictionary(uniqueKeysWithValues: entries.map { ($0.reason, $0) })
}
