import HeraldShared

/// Publishes and receipts. Each runs in the caller's transaction.
extension SQLStore {
    /// The publish with its failures by reason, read in one statement (one snapshot), and
    /// its counters by platform and by variant (`SplitStatements`).
    static func loadPublish(_ db: Database, appID: String, id: String) throws -> PublishRecord? {
        let sql = PublishStatements.self
        guard var publish = try loadPublishes(db, sql.byID, [.text(appID), .text(id)]).first else { return nil }
        let counts = { (statement: SQLStatement) in
            try db.query(statement, [.text(id)]) { row in
                var counts = PublishCounts()
                (counts.targeted, counts.sent) = (try row.int(1), try row.int(2))
                (counts.failed, counts.invalidated, counts.capped) = (try row.int(3), try row.int(4), try row.int(5))
                return (try row.string(0), counts)
            }
        }
        let splits = SplitStatements.self
        for (platform, counts) in try counts(splits.byPlatform) { publish.byPlatform[PushPlatform(rawValue: platform) ?? .apns] = counts }
        publish.byLanguage = Dictionary(try counts(splits.byVariant), uniquingKeysWith: { first, _ in first })
        if publish.options.localTime != nil { publish.byTimeZone = try zoneProgress(db, appID: appID, id: id) }
        return publish
    }

    /// Inserts a new publish's row; whether it went in (on PostgreSQL another process may
    /// have inserted one with the same idempotency key since the lookup).
    @discardableResult
    static func insertPublish(_ db: Database, _ publish: NewPublish, id: String) throws -> Bool {
        let options = publish.options
        return try db.execute(
            PublishStatements.insert,
            [
                .text(id), .text(publish.appID), .text(publish.target.kind), .text(publish.storedTargetKeys),
                .bytes(publish.storedPayload(id: id)), .text(options.pushType), .int(options.priority),
                .text(options.collapseID ?? id), .optional(options.expiration), .optional(options.sendAt),
                .text(options.environment.rawValue), .optional(publish.idempotencyKey), .optional(publish.storedFingerprint),
                .text(publish.initialStatus.rawValue), .double(publish.createdAt), .optional(publish.target.activityType),
                .optional(publish.filter?.stored), .optional(options.frequencyCap?.max), .optional(options.frequencyCap?.window),
                .optional(options.localTime?.time), .optional(options.localTime?.date),
            ]) > 0
    }

    /// Keeps a new publish's texts by language, each with its tag's language (what fan-out matches).
    static func insertVariants(_ db: Database, _ publish: NewPublish, id: String) throws {
        for (tag, payload) in publish.localized.sorted(by: { $0.key < $1.key }) {
            try db.execute(
                PublishStatements.insertVariant,
                [.text(id), .text(tag), .text(DeviceAttributes.language(of: tag)), .bytes(publish.storedPayload(id: id, payload))])
        }
    }

    /// A local-time publish's deliveries by their device's zone now, devices without one
    /// under the app's default zone (UTC when unset).
    private static func zoneProgress(_ db: Database, appID: String, id: String) throws -> [String: TimeZoneProgress] {
        let defaultZone =
            try db.query(FanOutStatements.defaultTimeZone, [.text(appID)]) { try $0.optionalString(0) }.first ?? nil
        let rows = try db.query(PublishStatements.zoneCounts, [.text(id)]) { row in
            (
                try row.string(0),
                TimeZoneProgress(
                    dueAt: try row.optionalDouble(1) ?? 0, targeted: try row.int(2), sent: try row.int(3), waiting: try row.int(4))
            )
        }
        var zones: [String: TimeZoneProgress] = [:]
        for (zone, progress) in rows {
            let name = zone.isEmpty ? defaultZone ?? "UTC" : zone
            zones[name] = zones[name].map { $0.adding(progress) } ?? progress
        }
        return zones
    }

    /// The publishes `condition` selects (after FROM publishes p), with their failures by
    /// reason, in one statement.
    static func loadPublishes(_ db: Database, _ condition: SQLStatement, _ values: [SQLValue]) throws -> [PublishRecord] {
        try db.query(PublishStatements.publishes.text(db.dialect) + condition.text(db.dialect), values) { row in
            var counts = PublishCounts()
            counts.targeted = try row.int(13)
            counts.sent = try row.int(14)
            counts.failed = try row.int(15)
            counts.invalidated = try row.int(16)
            counts.delivered = try row.int(17)
            counts.opened = try row.int(18)
            counts.capped = try row.int(22)
            let failures = try row.optionalString(21).flatMap { try? JSONParser().parse($0).objectValue } ?? [:]
            return PublishRecord(
                id: try row.string(0), appID: try row.string(1),
                target: PublishTarget(kind: try row.string(2), storedKeys: try row.string(3), activityType: try row.optionalString(19)),
                filter: try row.optionalString(20).map(AudienceFilter.init(stored:)),
                payload: try row.bytes(4),
                options: PublishOptions(
                    pushType: try row.string(5), priority: try row.int(6), collapseID: try row.optionalString(7),
                    expiration: try row.optionalDouble(8), sendAt: try row.optionalDouble(9),
                    environment: APNsEnvironment(rawValue: try row.string(10)) ?? .production,
                    frequencyCap: FrequencyCap(max: try row.optionalInt(23), window: try row.optionalInt(24)),
                    localTime: LocalSendTime(time: try row.optionalString(25) ?? "", date: try row.optionalString(26) ?? "")),
                status: PublishStatus(rawValue: try row.string(11)) ?? .queued, createdAt: try row.double(12), counts: counts,
                failures: failures.compactMapValues(\.intValue), error: try row.optionalString(27))
        }
    }

    /// The publish an idempotency key names, and its fingerprint.
    static func keyed(_ db: Database, appID: String, key: String) throws -> (String, String?)? {
        try db.query(PublishStatements.keyed, [.text(appID), .text(key)]) {
            (try $0.string(0), try $0.optionalString(1))
        }.first
    }

    /// The publish an earlier request with the same idempotency key made, once this request
    /// is checked to be the same (`NewPublish.checkSameRequest`); nil without a key or such a publish.
    static func keyedPublish(_ db: Database, _ publish: NewPublish) throws -> String? {
        guard let key = publish.idempotencyKey, let (existing, stored) = try keyed(db, appID: publish.appID, key: key) else { return nil }
        try publish.checkSameRequest(key: key, existing: existing, stored: stored)
        return existing
    }

    /// Cancels a publish that is not done: scheduled, queued, or sending (its deliveries
    /// still waiting fail as `Cancelled`; those in flight count as the push service
    /// answers), so a publish held back by a pause, or sent to the wrong audience, can be
    /// stopped. On PostgreSQL under the publish's row lock, which a fan-out step takes too:
    /// no fan-out step runs between the check and the change. A cancel never waits for
    /// that lock: while a step holds the row (a first step still running), the cancel is
    /// recorded (`cancelling`) and the next step applies it (`applyRequestedCancel`).
    static func cancelPublish(_ db: Database, appID: String, id: String, now: Double) throws -> PublishRecord {
        let sql = PublishStatements.self
        let row = try db.query(sql.cancellable, [.text(appID), .text(id)]) { PublishStatus(rawValue: try $0.string(0)) }.first
        guard let status = row else {
            // No row, or (PostgreSQL) one a fan-out step holds: read as it was last committed.
            guard var held = try loadPublish(db, appID: appID, id: id) else { throw StoreError(.notFound, "no publish \(id) in app \(appID)") }
            try checkCancellable(id, held.status)
            try db.execute(sql.requestCancel, [.text(id), .text(appID), .double(now)])
            held.cancelling = true
            return held
        }
        try checkCancellable(id, status)
        try db.execute(sql.cancel, [.double(now), .text(id)])
        try logPublishCancelled(db, appID: appID, publishID: id, now: now)
        if status == .queued || status == .sending { try failWaiting(db, publishID: id, now: now) }
        guard let cancelled = try loadPublish(db, appID: appID, id: id) else {
            throw StoreError(.notFound, "no publish \(id) in app \(appID)")
        }
        return cancelled
    }

    /// A publish not done may be cancelled; else `.conflict`.
    private static func checkCancellable(_ id: String, _ status: PublishStatus?) throws {
        guard status == .scheduled || status == .queued || status == .sending else {
            throw StoreError(
                .conflict, "publish \(id) is \(status?.rawValue ?? "unknown"); only a publish that is not done or cancelled can be cancelled")
        }
    }

    /// The publish's deliveries still waiting, failed as `Cancelled` and counted.
    private static func failWaiting(_ db: Database, publishID id: String, now: Double) throws {
        let reason = "Cancelled"
        try db.execute(SplitStatements.addWaitingAsFailed, [.text(id)])
        let cancelled = try db.query(PublishStatements.cancelWaiting, [.text(reason), .double(now), .text(id)]) { try $0.int(0) }
        let waiting = cancelled.count
        try logFinalDeliveries(db, seqs: cancelled.sorted(), now: now)
        if waiting > 0 {
            try count(db, .failed, waiting, publishID: id, at: now)
            try countFailure(db, publishID: id, reason: reason, count: waiting)
        }
    }

    /// Applies a cancel asked while a fan-out step held the publish (its row now locked by
    /// this step): cancelled, its waiting deliveries failed as `Cancelled` (those in
    /// flight count as the push service answers). Whether there was one.
    static func applyRequestedCancel(_ db: Database, publishID id: String, now: Double) throws -> Bool {
        let sql = PublishStatements.self
        guard try !db.query(sql.cancelRequested, [.text(id)], { _ in () }).isEmpty else { return false }
        try db.execute(sql.cancelDone, [.text(id)])
        try db.execute(sql.cancel, [.double(now), .text(id)])
        if let appID = try db.query(FactEventStatements.publishApp, [.text(id)], { try $0.string(0) }).first {
            try logPublishCancelled(db, appID: appID, publishID: id, now: now)
        }
        try failWaiting(db, publishID: id, now: now)
        return true
    }

    /// Moves scheduled publishes whose time has come to queued; how many.
    static func promoteDuePublishes(_ db: Database, now: Double) throws -> Int {
        try db.execute(PublishStatements.promoteDue, [.double(now)])
    }

    /// The app's receipts, kept by migration 13's triggers.
    static func eventCount(_ db: Database, appID: String) throws -> Int {
        try db.query(PublishStatements.eventCount, [.text(appID)]) { try $0.int(0) }.first ?? 0
    }

    /// Receipts. On PostgreSQL a receipt reads its delivery's state under a share lock,
    /// and marking deliveries sent takes their rows for update: whichever comes second
    /// waits for the first to commit and then sees what it did, so a receipt held while
    /// its delivery was in flight is always counted once APNs accepts it.
    static func recordEvents(_ db: Database, appID: String, _ events: [DeviceEvent], quota: DeviceQuota) throws -> EventTally {
        let sql = PublishStatements.self
        return try EventTally.record(
            events, appID: appID, quota: quota,
            publishExists: { try !db.query(sql.publishExists, [.text(appID), .text($0)], { _ in () }).isEmpty },
            delivery: { event in
                try db.query(sql.eventDelivery, [.text(event.publishID), .text(appID), .text(event.deviceID)]) {
                    (try $0.int(0), try $0.double(1))
                }.first
            },
            insert: { event, counted in
                try db.execute(
                    sql.insertEvent,
                    [
                        .text(event.publishID), .text(event.deviceID), .text(event.kind.rawValue), .text(event.actionID ?? ""),
                        .double(event.at), .bool(counted), .optional(event.facts.map { JSONWriter.serialize($0) }),
                    ]) > 0
            },
            actions: { event in
                try db.query(sql.actionCount, [.text(event.publishID), .text(event.deviceID)]) { try $0.int(0) }.first ?? 0
            },
            count: { event, series in try count(db, series, publishID: event.publishID, at: event.at) },
            // On PostgreSQL migration 13's trigger has locked the app's row with the first
            // insert: requests at the same time take turns on the count, so they cannot overshoot it.
            storedEvents: { try eventCount(db, appID: appID) },
            counted: { try logReceipts(db, appID: appID, $0) })
    }
}

/// The public methods whose transaction and body are the same on both stores: `read`
/// and `write` are each store's own (`SQLStore`'s requirements).
extension SQLStore {
    public func publish(appID: String, id: String) throws -> PublishRecord? {
        try snapshot { db in try Self.loadPublish(db, appID: appID, id: id) }
    }

    public func recordEvents(appID: String, _ events: [DeviceEvent], quota: DeviceQuota) throws -> EventTally {
        try write { db in try Self.recordEvents(db, appID: appID, events, quota: quota) }
    }
}
