import HeraldAPNsModel
import HeraldAuth
import HeraldShared
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
    /// The push service the token is for (the device's platform at fan-out).
    public var platform: PushPlatform = .apns
    /// Finished as `capped` by the claim (the device had its publish's frequency cap's
    /// worth): not to be sent. Claimed anyway so the caller sees the work done.
    public var capped = false

    /// The delivery's `apns-id` (also FCM's message id): derived from its publish and token,
    /// so every attempt, and an explanation, names the same.
    public static func apnsID(publishID: String, token: String) -> String { SHA256.uuid(publishID + ":" + token) }

    /// A local-time publish's delivery is due at its device's own instant (`due_at`), and
    /// its expiry counts from there: the publish's expiration moves by as much.
    mutating func due(atOwnInstant instant: Double?) {
        guard let instant else { return }
        options.expiration = options.expiration.map { $0 + instant - dueAt }
        dueAt = instant
    }
}

/// What a worker records for a claimed delivery.
public struct DeliveryResult: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// APNs accepted it.
        case sent(apnsID: String?)
        /// Try again at `retryAt` (seconds since 1970).
        case retry(reason: String, retryAt: Double)
        /// Not tried (a broadcast to a channel still being made): again at `retryAt`, and
        /// this attempt does not count.
        case wait(reason: String, retryAt: Double)
        /// Given up: a permanent refusal, expiry, or retries exhausted.
        case failed(reason: String)
        /// The push service said the token is dead (APNs 410, BadDeviceToken; FCM
        /// UNREGISTERED): the store invalidates the device if `DeadToken.invalidates(tokenRegisteredAt:)`
        /// says so for the token's registration time read in its transaction.
        case invalidated(DeadToken)
    }

    public var seq: Int
    public var outcome: Outcome

    public init(seq: Int, outcome: Outcome) {
        self.seq = seq
        self.outcome = outcome
    }
}

extension DeliveryResult {
    /// The service accepted it.
    var isSent: Bool {
        if case .sent = outcome { return true }
        return false
    }

    /// The push service's id of each accepted result that has one (apns-id, FCM's name).
    static func serviceIDs(_ results: [DeliveryResult]) -> [Int: String] {
        var ids: [Int: String] = [:]
        for result in results {
            if case .sent(let id?) = result.outcome { ids[result.seq] = id }
        }
        return ids
    }

    /// What a batch of results leaves to do together once each was applied.
    struct Batch {
        /// The deliveries APNs accepted, to be marked sent.
        var sent: [Int] = []
        var sentPerPublish: [String: Int] = [:]
        /// Publishes that may now be done.
        var touched: Set<String> = []
    }

    /// Applies the results of deliveries still in flight (`inFlight`: seq to publish and
    /// device seq; a result for any other is a repeat, ignored) through the store's calls
    /// inside its transaction, in the order given; the accepted ones come back together.
    static func apply(
        _ results: [DeliveryResult], inFlight: [Int: (publishID: String, deviceSeq: Int?)],
        retry: (_ seq: Int, _ reason: String, _ at: Double, _ counted: Bool) throws -> Void,
        fail: (_ seq: Int, _ publishID: String, _ reason: String) throws -> Void,
        invalidate: (_ seq: Int, _ publishID: String, _ deviceSeq: Int?, _ dead: DeadToken) throws -> Void
    ) throws -> Batch {
        var batch = Batch()
        for result in results {
            guard let (publishID, deviceSeq) = inFlight[result.seq] else { continue }
            batch.touched.insert(publishID)
            switch result.outcome {
            case .sent:
                batch.sent.append(result.seq)
                batch.sentPerPublish[publishID, default: 0] += 1
            case .retry(let reason, let retryAt): try retry(result.seq, reason, retryAt, true)
            case .wait(let reason, let retryAt): try retry(result.seq, reason, retryAt, false)
            case .failed(let reason): try fail(result.seq, publishID, reason)
            case .invalidated(let dead): try invalidate(result.seq, publishID, deviceSeq, dead)
            }
        }
        return batch
    }
}

/// A device's report about a publish: delivered, opened, dismissed, an action, how it
/// was presented or where a tap led; with what the device knows of it (`facts`).
public struct DeviceEvent: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case delivered, opened, dismissed, action, presented, routed

        /// The publish's counter this kind adds to, if any.
        var series: PublishTimeline.Series? {
            switch self {
            case .delivered: .delivered
            case .opened: .opened
            case .dismissed, .action, .presented, .routed: nil
            }
        }
    }

    public var publishID: String
    public var deviceID: String
    public var kind: Kind
    public var actionID: String?
    /// Seconds since 1970.
    public var at: Double
    /// What the device knows of it (the SDK's `ReceiptFacts`: presented, extension, routed),
    /// as JSON the API checked and bounded; kept with the receipt for explanations.
    public var facts: JSONValue?

    public init(publishID: String, deviceID: String, kind: Kind, actionID: String? = nil, at: Double, facts: JSONValue? = nil) {
        self.facts = facts
        self.publishID = publishID
        self.deviceID = deviceID
        self.kind = kind
        self.actionID = actionID
        self.at = at
    }
}

/// What became of each event of a request. Only `accepted` ones count now; `pending`
/// ones count when APNs accepts their delivery; the rest change nothing.
public struct EventTally: Sendable, Hashable {
    /// New, from a device APNs accepted the publish for: counted.
    public var accepted = 0
    /// Already recorded for this device (each kind counts once per device).
    public var duplicates = 0
    /// The delivery to this device is still pending or in flight: kept, and counted
    /// if APNs accepts it.
    public var pending = 0
    /// The app has no such publish.
    public var unknownPublishes = 0
    /// The publish was not sent to this device.
    public var notTargeted = 0
    /// The publish targeted this device but APNs did not accept it (failed, dead token).
    public var notSent = 0

    public init() {}
}
