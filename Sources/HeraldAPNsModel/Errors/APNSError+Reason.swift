extension APNSError {
    /// Every `reason` APNs documents, and `unknown` for any other text.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        case badCollapseID, badDeviceToken, badExpirationDate, badMessageID, badPriority, badTopic
        case deviceTokenNotForTopic, duplicateHeaders, idleTimeout, invalidPushType, missingDeviceToken
        case missingTopic, payloadEmpty, topicDisallowed
        case badCertificate, badCertificateEnvironment, expiredProviderToken, forbidden, invalidProviderToken
        case missingProviderToken, unrelatedKeyIDInToken, badEnvironmentKeyIDInToken
        case badPath, methodNotAllowed, expiredToken, unregistered, payloadTooLarge
        case tooManyProviderTokenUpdates, tooManyRequests, internalServerError, serviceUnavailable, shutdown
        /// Broadcast push notifications and the channel API.
        case badChannelID, missingChannelID, channelNotRegistered, cannotCreateChannelConfig, missingPushType
        /// A reason Apple does not document (yet), kept as sent.
        case unknown(String)

        /// The reason for `text`, as APNs spells it.
        public init(text: String) {
            self = APNSReasonTable.byText[text]?.reason ?? .unknown(text)
        }

        /// The text APNs sends.
        public var text: String {
            if case .unknown(let text) = self { return text }
            return documented?.text ?? ""
        }

        public var description: String { text }

        /// Apple's documentation of this reason; `nil` for `.unknown`.
        public var documented: APNSReasonTable.Entry? { APNSReasonTable.byReason[self] }
    }
}
