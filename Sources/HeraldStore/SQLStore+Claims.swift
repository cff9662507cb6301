import HeraldAPNsModel
import HeraldAuth
import HeraldShared

/// A delivery as a claim marks it in flight, before its publish is joined to it: both
/// stores read these back from their claim's one statement (`columns`), then read each
/// publish once (`ClaimedPublish`), and `SQLStore.jobs` puts them together.
struct ClaimedDelivery {
    var seq: Int
    var publishID: String
    var deviceID: String?
    var token: String
    var environment: String
    /// Attempts including this one (the claim has counted it).
    var attempts: Int
    var inDoubt: Bool
    var nextAt: Double
    var platform: PushPlatform
    var deviceSeq: Int?
    var variant: String?
    var dueAt: Double?

    /// What a claim returns of the claimed row `t` (its table's name or alias), in `init`'s order.
    static func columns(of t: String) -> String {
        """
            \(t).seq, \(t).publish_id, (SELECT id FROM devices WHERE seq = \(t).device_seq), \(t).token, \(t).environment, \(t).attempts,
            \(t).in_doubt, \(t).next_at, \(t).platform, \(t).device_seq, \(t).variant, \(t).due_at
            """
    }

    /// The columns of `columns(of:)`, the first at `first`.
    init(_ row: some StoreRow, from first: Int = 0) throws {
        seq = try row.int(first)
        publishID = try row.string(first + 1)
        deviceID = try row.optionalString(first + 2)
        token = try row.string(first + 3)
        environment = try row.string(first + 4)
        attempts = try row.int(first + 5)
        inDoubt = try row.bool(first + 6)
        nextAt = try row.double(first + 7)
        platform = PushPlatform(rawValue: try row.string(first + 8)) ?? .apns
        deviceSeq = try row.optionalInt(first + 9)
        variant = try row.optionalString(first + 10)
        dueAt = try row.optionalDouble(first + 11)
    }
}

/// What the deliveries of one publish take from it when claimed.
struct ClaimedPublish {
    var payload: [UInt8]
    var options: PublishOptions
    /// When the publish became due (created, or its `sendAt`).
    var dueAt: Double
    var cap: FrequencyCap?

    /// The publish's columns, its id first, in `init`'s order after it.
    static func columns(_ dialect: SQLDialect) -> String {
        "id, payload, push_type, priority, collapse_id, expiration, environment, \(dialect.greatest("created_at", "coalesce(send_at, 0)")), cap_max, cap_window"
    }

    init(_ row: some StoreRow) throws {
        payload = try row.bytes(1)
        options = PublishOptions(
            pushType: try row.string(2), priority: try row.int(3), collapseID: try row.optionalString(4),
            expiration: try row.optionalDouble(5), environment: APNsEnvironment(rawValue: try row.string(6)) ?? .production)
        dueAt = try row.double(7)
        cap = FrequencyCap(max: try row.optionalInt(8), window: try row.optionalInt(9))
    }
}

extension SQLStore {
    /// The jobs of deliveries just claimed, in the order given: each with its publish's
    /// payload (or the variant it got, by publish id and tag joined with a space) and
    /// options, and finished as capped where its publish's frequency cap says
    /// (`applyFrequencyCaps`). A delivery whose publish is gone is left out.
    static func jobs(
        _ db: Database, _ claimed: [ClaimedDelivery], publishes: [String: ClaimedPublish], variants: [String: [UInt8]], appID: String,
        now: Double
    ) throws -> [DeliveryJob] {
        let candidates = claimed.map {
            CapCandidate(seq: $0.seq, publishID: $0.publishID, deviceSeq: $0.deviceSeq, cap: publishes[$0.publishID]?.cap)
        }
        let capped = try applyFrequencyCaps(db, candidates, now: now)
        return claimed.compactMap { claim in
            guard let publish = publishes[claim.publishID] else { return nil }
            let variant = claim.variant.flatMap { variants[claim.publishID + " " + $0] }
            var job = DeliveryJob(
                seq: claim.seq, publishID: claim.publishID, appID: appID, deviceID: claim.deviceID, token: claim.token,
                environment: APNsEnvironment(rawValue: claim.environment) ?? .production, attempts: claim.attempts,
                payload: variant ?? publish.payload, options: publish.options, apnsID: DeliveryJob.apnsID(publishID: claim.publishID, token: claim.token),
                inDoubt: claim.inDoubt, dueAt: publish.dueAt, platform: claim.platform, capped: capped.contains(claim.seq))
            job.due(atOwnInstant: claim.dueAt)
            return job
        }
    }
}
