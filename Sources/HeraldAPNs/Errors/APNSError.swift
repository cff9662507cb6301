import Foundation

/// APNs refused a notification: the status, the reason from the JSON body, and what to do.
public struct APNSError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status (400, 403, 404, 405, 410, 413, 429, 500, 503, or another).
    public var status: Int
    /// The `reason` of the body; a reason Apple adds later is kept as `.unknown(text)`.
    public var reason: Reason
    /// `apns-id` of the response, when APNs sent one.
    public var apnsID: String?
    /// For 410: when APNs learned the token was no longer valid (the body's `timestamp`, in ms).
    public var timestamp: Date?
    /// Seconds from a `Retry-After` header, when the answer had one.
    public var retryAfter: Double?

    public init(status: Int, reason: Reason, apnsID: String? = nil, timestamp: Date? = nil, retryAfter: Double? = nil) {
        self.status = status
        self.reason = reason
        self.apnsID = apnsID
        self.timestamp = timestamp
        self.retryAfter = retryAfter
    }

    /// What to do: from the reason, or from the status when the reason is unknown.
    public var errorClass: APNSErrorClass {
        reason.documented?.errorClass ?? Self.errorClass(status: status)
    }

    /// Whether APNs refused the provider's key or certificate (a 403 other than an expired
    /// provider token, which the client renews itself): sending again succeeds only once the
    /// credentials are fixed, so a sender pauses rather than fails its notifications.
    public var refusesCredentials: Bool {
        status == 403 && errorClass != .refreshToken
    }

    /// Whether the device token should be dropped: for 410, only a token registered before `timestamp`.
    public func invalidates(tokenRegisteredAt registered: Date?) -> Bool {
        guard errorClass == .invalidToken else { return false }
        guard status == 410, let timestamp, let registered else { return true }
        return registered < timestamp
    }

    public var description: String {
        var text = "\(status) \(reason.text) (\(errorClass))"
        if let timestamp { text += ", token invalid since \(Int64(timestamp.timeIntervalSince1970 * 1000)) ms" }
        if let meaning = reason.documented?.meaning { text += ": " + meaning }
        return text
    }

    /// The class of a status whose reason is unknown.
    static func errorClass(status: Int) -> APNSErrorClass {
        switch status {
        case 410: return .invalidToken
        case 429: return .retryAfter
        case 500...599: return .backOff
        default: return .permanent
        }
    }
}
