/// One notification to one device, claimed by a delivery worker.
public struct DeliveryJob: Sendable, Hashable {
    /// The delivery's row in the store.
    public var seq: Int
    public var publishID: String
    public var appID: String
    public var deviceID: String?
    public var token: String
    public var environment: APNsEnvironment
    /// Attempts including this one.
    public var attempts: Int
    public var payload: [UInt8]
    public var options: PublishOptions
    /// `apns-id`: derived from the publish and the token, the same on every attempt.
    public var apnsID: String
    /// A previous attempt may have reached APNs: the gateway was killed before it
    /// recorded the outcome. Sent again (at least once), with the same apns-id and collapse id.
    public var inDoubt: Bool
    /// When the publish became due (created, or its `sendAt`): latency is measured from it.
    public var dueAt: Double
}

/// What a worker records for a claimed delivery.
public struct DeliveryResult: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// APNs accepted it.
        case sent(apnsID: String?)
        /// Try again at `retryAt` (seconds since 1970).
        case retry(reason: String, retryAt: Double)
        /// Given up: a permanent refusal, expiry, or retries exhausted.
        case failed(reason: String)
        /// The token is dead (410, BadDeviceToken). With APNs' timestamp (seconds since
        /// 1970), the device is invalidated only if it registered the token before then.
        case invalidated(reason: String, timestamp: Double?)
    }

    public var seq: Int
    public var outcome: Outcome

    public init(seq: Int, outcome: Outcome) {
        self.seq = seq
        self.outcome = outcome
    }
}

/// A device's report about a publish: delivered, opened, dismissed or an action.
public struct DeviceEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case delivered, opened, dismissed, action
    }

    public var publishID: String
    public var deviceID: String
    public var kind: Kind
    public var actionID: String?
    /// Seconds since 1970.
    public var at: Double

    public init(publishID: String, deviceID: String, kind: Kind, actionID: String? = nil, at: Double) {
        self.publishID = publishID
        self.deviceID = deviceID
        self.kind = kind
        self.actionID = actionID
        self.at = at
    }
}

/// How many events were new, already known, about publishes the app does not have, or
/// from devices the publish was not sent to (the last two are not counted).
public struct EventTally: Sendable, Hashable {
    public var accepted = 0
    public var duplicates = 0
    public var unknownPublishes = 0
    public var notTargeted = 0

    public init() {}
}
