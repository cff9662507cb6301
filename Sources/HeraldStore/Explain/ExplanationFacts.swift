import HeraldShared

/// Everything the store knows about one publish and one device, read in one snapshot: what
/// the gateway's explainer turns into an answer to "why was this device (not) reached, and
/// what did it get". Only facts, no judgement: the explainer decides.
public struct ExplanationFacts: Sendable, Hashable {
    public var publish: PublishFacts
    /// The device as it is now; nil when it was deleted (`deleted`).
    public var device: DeviceFacts?
    public var deleted: DeletedDevice?
    /// The fan-out's delivery to the device; nil when it made none, or retention pruned it.
    public var delivery: DeliveryFacts?
    /// The device's receipts for the publish, oldest first (pruned with the deliveries).
    public var receipts: [DeviceEvent]
    /// The publish's message in the device's inbox (its user's, or its own).
    public var inbox: InboxFact?
}

/// What a publish record does not say that an explanation needs.
public struct PublishFacts: Sendable, Hashable {
    public var record: PublishRecord
    /// Its fan-out has passed every device of its target (or was stopped).
    public var fanOutDone: Bool
    /// Retention deleted its deliveries and receipts; its counters stay.
    public var pruned: Bool
    /// Its last change (for a cancelled publish: when it was cancelled).
    public var updatedAt: Double
    /// Each variant's whole payload by tag, as sent (`LocalizedVariants`).
    public var variants: [String: [UInt8]]
    /// The publish keeps a message in each inbox it reaches.
    public var keepsInboxMessage: Bool
}

/// A device with what a target names beside its record.
public struct DeviceFacts: Sendable, Hashable {
    public var record: DeviceRecord
    /// The activities it runs (an `activities` target), with whether each ended.
    public var activities: [String: Bool]
    /// The activity types it has a push-to-start token for.
    public var pushToStartTypes: Set<String>
    /// The app's time zone for devices without one (a local-time publish).
    public var defaultTimeZone: String?
    /// The capped publishes that reached it in the largest cap window before `now`, oldest first.
    public var cappedSends: [CappedSend]
}

/// A capped publish that reached a device (claimed or sent), as a frequency cap counts it.
public struct CappedSend: Sendable, Hashable {
    public var publishID: String
    public var at: Double
}

/// A device deleted, kept by id until retention prunes it.
public struct DeletedDevice: Sendable, Hashable {
    public var id: String
    public var deletedAt: Double
    /// Deleted with its user's data (`deleteUser`), rather than alone.
    public var byUserDeletion: Bool
}

/// One delivery as the store keeps it.
public struct DeliveryFacts: Sendable, Hashable {
    public var state: DeliveryState
    /// Attempts made (claims), including one in flight.
    public var attempts: Int
    /// The push service's (or the gateway's) reason for a failure or the last retry.
    public var reason: String?
    /// The last change: the final answer of a finished delivery.
    public var updatedAt: Double
    /// When a waiting delivery is next due.
    public var nextAt: Double
    /// A local-time publish's instant for this device.
    public var dueAt: Double?
    /// The variant's tag it got; nil for the default text.
    public var variant: String?
    public var token: String
    public var environment: String
    public var platform: PushPlatform
    /// Seconds from the last answered attempt's claim to its answer.
    public var latency: Double?
    /// The attempts answered with a retry, oldest first.
    public var earlierAttempts: [EarlierAttempt]
    /// An attempt may have reached the push service before a crash: sent again.
    public var inDoubt: Bool
    /// Made final at fan-out, never tried: the token was already dead.
    public var deadAtFanOut: Bool { state == .invalidated && attempts == 0 }
}

/// An attempt the push service (or the transport) answered with a retry.
public struct EarlierAttempt: Sendable, Hashable {
    public var at: Double
    public var reason: String
    /// Seconds from its claim to its answer.
    public var latency: Double

    public init(at: Double, reason: String, latency: Double) {
        self.at = at
        self.reason = reason
        self.latency = latency
    }

    /// One line of `earlier_attempts`.
    var line: String {
        JSONWriter.serialize(["at": .double(at), "reason": .string(reason), "latency": .double(latency)]) + "\n"
    }

    /// The lines of `earlier_attempts`; a line that does not parse is skipped.
    static func parse(_ text: String?) -> [EarlierAttempt] {
        (text ?? "").split(separator: "\n").compactMap { line in
            guard let object = (try? JSONParser().parse(String(line)))?.objectValue, let at = object["at"]?.doubleValue,
                let reason = object["reason"]?.stringValue
            else { return nil }
            return EarlierAttempt(at: at, reason: reason, latency: object["latency"]?.doubleValue ?? 0)
        }
    }
}

/// The publish's message in an inbox.
public struct InboxFact: Sendable, Hashable {
    /// `user:<id>` or the device id.
    public var owner: String
    public var read: Bool
    public var deleted: Bool
}

/// What a preview reads: the devices named (or the users' devices) as they are now.
public struct PreviewFacts: Sendable, Hashable {
    public var devices: [DeviceFacts]
    /// Ids asked for that no device of the app has.
    public var unknown: [String]
}

/// Explanations and previews: reads only.
public protocol ExplainStore: AnyObject, Sendable {
    /// The facts about `publishID` and `deviceID` (a device of the app now, or deleted and
    /// still remembered); nil when the app has no such publish, or no such device.
    func explanationFacts(appID: String, publishID: String, deviceID: String, now: Double) throws -> ExplanationFacts?
    /// The devices of `deviceIDs` and of `userIDs` (in that order, each once), at most `limit`:
    /// a `StoreError(.limitExceeded)` naming the limit when there are more.
    func previewFacts(appID: String, deviceIDs: [String], userIDs: [String], limit: Int, now: Double) throws -> PreviewFacts
}
