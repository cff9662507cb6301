import HeraldShared

/// Where a publish is in its life.
public enum PublishStatus: String, Sendable, Hashable, CaseIterable {
    /// Waiting for its `sendAt`; can be cancelled.
    case scheduled
    /// Committed and due; not fanned out yet (can still be cancelled).
    case queued
    /// Being fanned out into deliveries, or deliveries are still pending.
    case sending
    /// Every delivery reached a final state.
    case done
    case cancelled
}

/// How a publish is sent: the APNs headers every delivery of it carries.
public struct PublishOptions: Sendable, Hashable {
    /// `apns-push-type`: `alert`, `background`, ...
    public var pushType: String
    /// `apns-priority`: 10, 5 or 1.
    public var priority: Int
    /// `apns-collapse-id`; the publish id when not given, so a notification APNs
    /// delivers twice replaces itself on the device instead of showing twice.
    public var collapseID: String?
    /// Seconds since 1970 after which APNs (and the gateway) stop trying; `nil` for APNs' default.
    public var expiration: Double?
    /// Seconds since 1970 to send at; `nil` for now. With `localTime`, the first moment the
    /// local time comes anywhere (UTC+14), when the publish fans out.
    public var sendAt: Double?
    /// Sent at this local time in each device's time zone (`LocalSendTime`).
    public var localTime: LocalSendTime?
    /// For `tokens` targets that are not registered devices.
    public var environment: APNsEnvironment
    /// How often a device may receive capped publishes; `nil`: not capped.
    public var frequencyCap: FrequencyCap?

    public init(
        pushType: String = "alert", priority: Int = 10, collapseID: String? = nil, expiration: Double? = nil,
        sendAt: Double? = nil, environment: APNsEnvironment = .production, frequencyCap: FrequencyCap? = nil,
        localTime: LocalSendTime? = nil
    ) {
        self.pushType = pushType
        self.priority = priority
        self.collapseID = collapseID
        self.expiration = expiration
        self.sendAt = sendAt
        self.environment = environment
        self.frequencyCap = frequencyCap
        self.localTime = localTime
    }
}

/// A publish to commit: the store gives it its id and puts the id into the payload.
public struct NewPublish: Sendable, Hashable {
    public var appID: String
    public var target: PublishTarget
    /// Narrows an `interests`, `users` or `app` target (and push-to-start to them) to the
    /// devices it matches; other targets ignore it.
    public var filter: AudienceFilter?
    /// The payload as a JSON object without `herald.publishId` (the store adds it).
    public var payload: [String: JSONValue]
    public var options: PublishOptions
    public var idempotencyKey: String?
    /// The request the idempotency key is bound to: the same key with another fingerprint
    /// is refused. `nil` matches any request (and is kept as none).
    public var fingerprint: PublishFingerprint?
    public var createdAt: Double
    /// The texts by language (`LocalizedVariants`): by tag, the whole payload a device that
    /// matches it gets, without `herald.publishId` (the store adds it).
    public var localized: [String: [String: JSONValue]] = [:]
    /// The message kept in the inbox of everyone the publish reaches (`InboxStore`); nil: none.
    public var inbox: PublishInbox?

    public init(
        appID: String, target: PublishTarget, payload: [String: JSONValue], options: PublishOptions, idempotencyKey: String? = nil,
        fingerprint: PublishFingerprint? = nil, createdAt: Double, filter: AudienceFilter? = nil, inbox: PublishInbox? = nil
    ) {
        self.inbox = inbox
        self.appID = appID
        self.target = target
        self.filter = filter
        self.payload = payload
        self.options = options
        self.idempotencyKey = idempotencyKey
        self.fingerprint = fingerprint
        self.createdAt = createdAt
    }
}

/// What happened to a publish's deliveries so far.
public struct PublishCounts: Sendable, Hashable {
    /// Deliveries created by the fan-out (one per device or token).
    public var targeted = 0
    /// Accepted by APNs.
    public var sent = 0
    /// Refused or given up on (including expired before they could be sent).
    public var failed = 0
    /// Refused because the token is dead; the device was invalidated.
    public var invalidated = 0
    /// Not sent: the device had received as many capped publishes as the frequency cap allows.
    public var capped = 0
    /// Receipts from devices, each counted once per device.
    public var delivered = 0
    public var opened = 0

    public init() {}
}

/// A committed publish with its status and statistics.
public struct PublishRecord: Sendable, Hashable {
    public var id: String
    public var appID: String
    public var target: PublishTarget
    /// The filter the publish was sent with (`NewPublish.filter`).
    public var filter: AudienceFilter?
    /// The exact bytes every delivery sends (with `herald.publishId`).
    public var payload: [UInt8]
    public var options: PublishOptions
    public var status: PublishStatus
    public var createdAt: Double
    public var counts: PublishCounts
    /// Failed deliveries by APNs reason (or `Expired`, `NoCredentials`, ...).
    public var failures: [String: Int]
    /// Why its fan-out was stopped before reaching every device of its target
    /// (`PublishStore.stopFanOut`); nil when it was not.
    public var error: String?
    /// A cancel was asked while a fan-out step held the publish: the next step applies it
    /// (`PublishStore.cancelPublish`).
    public var cancelling = false
    /// The delivery counters (targeted, sent, failed, invalidated, capped) by the platform of each
    /// delivery, kept as deliveries change state (`SplitStatements`): read for one publish
    /// only; they outlive the deliveries retention prunes.
    public var byPlatform: [PushPlatform: PublishCounts] = [:]
    /// The same counters by the variant each delivery got (its tag, or
    /// `LocalizedVariants.defaultName`), for a publish with texts by language only.
    public var byLanguage: [String: PublishCounts] = [:]
    /// A local-time publish's deliveries by their device's time zone (the app's default
    /// zone for devices without one), read like `byPlatform`.
    public var byTimeZone: [String: TimeZoneProgress] = [:]
}

/// How far a local-time publish is in one time zone.
public struct TimeZoneProgress: Sendable, Hashable {
    /// When its deliveries are due (the earliest, should the zone's devices differ).
    public var dueAt: Double
    public var targeted = 0
    public var sent = 0
    /// Not final yet: waiting for their instant, or being sent.
    public var waiting = 0

    /// The two counted together (a zone devices have and the default zone for those without one).
    func adding(_ other: TimeZoneProgress) -> TimeZoneProgress {
        TimeZoneProgress(
            dueAt: min(dueAt, other.dueAt), targeted: targeted + other.targeted, sent: sent + other.sent, waiting: waiting + other.waiting)
    }
}

/// How both stores keep a new publish.
extension NewPublish {
    /// The payload every delivery sends (or, given, a variant's): the request's with
    /// `herald.publishId` set to `id`.
    func storedPayload(id: String, _ variant: [String: JSONValue]? = nil) -> [UInt8] {
        var payload = variant ?? self.payload
        var herald = payload["herald"]?.objectValue ?? [:]
        herald["publishId"] = .string(id)
        payload["herald"] = .object(herald)
        return Array(JSONWriter.serialize(.object(payload)).utf8)
    }

    /// The target's keys as a JSON array.
    var storedTargetKeys: String { JSONWriter.serialize(.array(target.keys.map(JSONValue.string))) }

    /// Scheduled when `sendAt` is after its creation, else queued.
    var initialStatus: PublishStatus { (options.sendAt ?? 0) > createdAt ? .scheduled : .queued }

    /// The fingerprint kept with the publish: only a keyed publish keeps one.
    var storedFingerprint: String? { idempotencyKey == nil ? nil : fingerprint?.stored }

    /// The same key answers the first publish only for the same request. A publish kept
    /// without a fingerprint (made before they were kept, or not through the API) matches
    /// any request, as every repeat did before.
    func checkSameRequest(key: String, existing: String, stored: String?) throws {
        guard let fingerprint, let earlier = stored.flatMap(PublishFingerprint.init(stored:)) else { return }
        let differences = fingerprint.differences(from: earlier)
        guard !differences.isEmpty else { return }
        throw StoreError(
            .idempotencyKeyReused,
            "idempotencyKey: \"\(key)\" was already used for publish \(existing), whose request differs in \(differences.joined(separator: ", ")); send that request unchanged to get publish \(existing) again, or use a new idempotency key for a new publish"
        )
    }
}

extension PublishTarget {
    /// A target as stored: its kind, its keys as a JSON array and (push-to-start) its activity type.
    init(kind: String, storedKeys text: String, activityType: String? = nil) {
        let keys = ((try? JSONParser().parse(text))?.arrayValue ?? []).compactMap(\.stringValue)
        self = PublishTarget(kind: kind, keys: keys, activityType: activityType) ?? .devices(keys)
    }
}
