import HeraldShared

extension SQLStore {
    /// One step of fan-out: the oldest queued or sending publish whose fan-out is not
    /// finished gets up to `limit` more deliveries, in device order, from a cursor kept in
    /// its row (target key index, last device seq) so a restart resumes where it stopped.
    /// A device reached through two interests gets one delivery (unique publish and device).
    /// On PostgreSQL the publish's row is locked for the step, skipping one that another
    /// process is fanning out (`FOR UPDATE SKIP LOCKED`): each page of devices is turned
    /// into deliveries once, whichever process gets it. With a `claim` (`FanOutClaim`), a
    /// publish that may be claimed on fan-out has its page inserted in flight for `owner`
    /// and handed back as jobs, or waits (nil) while there is no room or a due delivery of
    /// its app waits. Runs in the caller's transaction.
    static func fanOut(
        _ db: Database, limit: Int, now: Double, claim: FanOutClaim?, owner: String, afterApp: String?,
        picked: (_ id: String, _ appID: String, _ filtered: Bool) -> Void
    ) throws -> FanOutProgress? {
        let sql = FanOutStatements.self
        guard
            let row = try db.query(sql.nextPublish, [.text(afterApp ?? "")], {
                (
                    id: try $0.string(0), appID: try $0.string(1), kind: try $0.string(2), keys: try $0.string(3), keyIndex: try $0.int(4),
                    afterSeq: try $0.int(5), environment: try $0.string(6), activityType: try $0.optionalString(7),
                    filter: try $0.optionalString(8).map(AudienceFilter.init(stored:)), localized: try $0.bool(9),
                    inboxLimit: try $0.optionalInt(10),
                    localTime: LocalSendTime(time: try $0.optionalString(11) ?? "", date: try $0.optionalString(12) ?? ""),
                    rateLimited: try !$0.isNull(13)
                )
            }).first
        else { return nil }
        let (id, appID, kind, activityType) = (row.id, row.appID, row.kind, row.activityType)
        picked(id, appID, row.filter != nil)
        if try applyRequestedCancel(db, publishID: id, now: now) {
            return FanOutProgress(publishID: id, appID: appID, created: 0, finished: true)
        }
        // A filter alone pages over the app's devices: one key.
        let keys = FanOutCursor.devicesKind(kind) == "app" ? [appID] : PublishTarget(kind: kind, storedKeys: row.keys).keys
        // Steps of the budget: (how many devices, claimed for whom); one unclaimed step without a claim.
        var parts: [(limit: Int, claimedBy: String?)] = [(limit, nil)]
        if let claim, row.localTime == nil, !row.rateLimited, FanOutCursor.isPaged(kind), !claim.excludedApps.contains(appID) {
            let waiting: [Void] = try db.query(sql.dueWaiting, [.text(appID), .double(now)]) { _ in () }
            guard claim.limit > 0, waiting.isEmpty else { return nil }
            parts = [(min(limit, claim.limit), owner)]
            // Other gateways share the database: the rest of the budget is written waiting, for
            // any of them to claim while this publish's row is not theirs to fan out.
            if limit > claim.limit, try othersShare(db, besides: owner) {
                parts.append((limit - claim.limit, nil))
            }
        }
        var claimed: [ClaimedDelivery] = []
        var cursor = FanOutCursor(keyIndex: row.keyIndex, afterSeq: row.afterSeq)
        let due = try row.localTime.map { try localDueTimes(db, appID: appID, $0) }
        if row.inboxLimit != nil { try lockInboxes(db, appID: appID) }
        var created = 0
        for part in parts where !cursor.finished(keys) {
            created += try cursor.step(
                kind: kind, keys: keys, limit: part.limit,
                page: {
                    let page = try insertPage(
                        db,
                        FanOutPageRequest(
                            publishID: id, appID: appID, kind: kind, activityType: activityType, key: $0, afterSeq: $1, limit: $2, now: now,
                            filter: row.filter, localized: row.localized, inboxLimit: row.inboxLimit, due: due, claimedBy: part.claimedBy))
                    claimed += page.claimed
                    return page
                },
                targets: { try targets(db, appID: appID, kind: kind, activityType: activityType, key: $0, environment: row.environment) },
                deliver: { target in
                    if let limit = row.inboxLimit, let seq = target.seq {
                        _ = try insertInboxEntry(db, appID: appID, publishID: id, deviceSeq: seq, limit: limit)
                    }
                    return try insertDelivery(db, publishID: id, appID: appID, target, due: due, now: now)
                })
        }
        let finished = cursor.finished(keys)
        try db.execute(
            sql.saveCursor, [.int(cursor.keyIndex), .int(cursor.afterSeq), .bool(finished), .int(created), .double(now), .text(id)])
        if finished { try finishIfComplete(db, publishID: id, now: now) }
        let jobs = try claimedJobs(db, claimed.sorted { $0.seq < $1.seq }, appID: appID, now: now)
        return FanOutProgress(publishID: id, appID: appID, created: created, finished: finished, claimed: jobs)
    }

    /// A delivery to one target; 1 when it is new. A token APNs already declared dead is
    /// not sent again: its delivery is final at once, counted as invalidated with the reason.
    private static func insertDelivery(
        _ db: Database, publishID: String, appID: String, _ target: FanOutTarget, due: LocalDueTimes?, now: Double
    ) throws -> Int {
        let dead = target.invalidReason != nil
        let dueAt = due?.at(zone: target.timeZone)
        let inserted = try db.execute(
            FanOutStatements.insertDelivery,
            [
                .text(publishID), .text(appID), .optional(target.seq), .text(target.token), .text(target.environment), .double(now),
                .int(dead ? DeliveryState.invalidated.rawValue : DeliveryState.pending.rawValue), .optional(target.invalidReason),
                .text(target.platform.rawValue), .double(dueAt ?? now), .optional(dueAt),
            ])
        guard inserted > 0 else { return 0 }
        let splits = SplitStatements.self
        if let seq = target.seq {
            try db.execute(splits.addTargetedDevice, [.text(publishID), .int(seq)])
        } else {
            try db.execute(splits.addTargetedToken, [.text(publishID), .text(target.token)])
        }
        if let reason = target.invalidReason {
            try count(db, .invalidated, publishID: publishID, at: now)
            try countFailure(db, publishID: publishID, reason: reason)
        }
        return inserted
    }

    /// What a `devices`, `tokens` or `activities` key names. A `devices` key: the registered
    /// device (skipped when invalidated), or for push-to-start its token for the activity
    /// type. A `tokens` key: the registered device when there is one, else the raw token in
    /// the publish's environment (an `fcmTokens` key: else the raw token for FCM); a dead one comes back with its reason (final at once,
    /// never sent again). An `activities` key: the activity's update token on every device
    /// where it runs.
    private static func targets(
        _ db: Database, appID: String, kind: String, activityType: String?, key: String, environment: String
    ) throws -> [FanOutTarget] {
        let sql = FanOutStatements.self
        var parameters: [SQLValue] = [.text(appID), .text(key)]
        if kind == "channels" {
            // One delivery whose token is Herald's channel id, in the channel's environment:
            // the engine broadcasts it once the channel is active.
            return try db.query(sql.channelTarget, parameters) { FanOutTarget(seq: nil, token: try $0.string(0), environment: try $0.string(1)) }
        }
        let statement: SQLStatement
        switch kind {
        case "devices": statement = sql.deviceTargets
        case "activities": statement = sql.activityTargets
        case "tokens", "fcmTokens": statement = sql.tokenTargets
        default:  // push-to-start to devices
            statement = sql.pushToStartTargets
            parameters.append(.text(activityType ?? ""))
        }
        var registered = try db.query(statement, parameters) { row in
            FanOutTarget(
                seq: try row.int(0), token: try row.string(1), environment: try row.string(2),
                invalidReason: try row.bool(3) ? try row.string(4) : nil, platform: PushPlatform(rawValue: try row.string(5)) ?? .apns,
                timeZone: try row.optionalString(6))
        }
        // A raw token names a device of its own platform only (an FCM token may look like hex).
        if kind == "tokens" || kind == "fcmTokens" { registered.removeAll { $0.platform != (kind == "tokens" ? .apns : .fcm) } }
        guard registered.isEmpty else { return registered }
        switch kind {
        case "tokens": return [FanOutTarget(seq: nil, token: key, environment: environment)]
        case "fcmTokens": return [FanOutTarget(seq: nil, token: key, environment: APNsEnvironment.production.rawValue, platform: .fcm)]
        default: return []
        }
    }

    /// A local-time publish's instants for the zones the app's devices have now (one query).
    private static func localDueTimes(_ db: Database, appID: String, _ localTime: LocalSendTime) throws -> LocalDueTimes {
        let sql = FanOutStatements.self
        let zones = try db.query(sql.timeZones, [.text(appID)]) { try $0.string(0) }
        let defaultZone = try db.query(sql.defaultTimeZone, [.text(appID)]) { try $0.optionalString(0) }.first ?? nil
        return LocalDueTimes(localTime, zones: zones, defaultZone: defaultZone)
    }

    /// Marks a publish done once its fan-out finished and every delivery is final, and
    /// logs `publish.completed` with its counts (its split counters written first).
    static func finishIfComplete(_ db: Database, publishID: String, now: Double) throws {
        guard try db.execute(FanOutStatements.finishIfComplete, [.double(now), .text(publishID)]) > 0 else { return }
        try logPublishCompleted(db, publishID: publishID, now: now)
    }
}

/// The public methods whose transaction and body are the same on both stores: `read`
/// and `write` are each store's own (`SQLStore`'s requirements).
extension SQLStore {
    public func fanOutStep(limit: Int, now: Double, claim: FanOutClaim?, afterApp: String?) throws -> FanOutProgress? {
        var publish: (id: String, appID: String, filtered: Bool)?
        do {
            return try write { db in
                publish = nil
                let progress = try Self.fanOut(db, limit: limit, now: now, claim: claim, owner: instance.id, afterApp: afterApp) {
                    publish = ($0, $1, $2)
                }
                if progress?.claimed.isEmpty == false { try renewLease(db, now: now) }
                return progress
            }
        } catch {
            guard let publish else { throw error }
            throw FanOutStepError(
                publishID: publish.id, appID: publish.appID, filtered: publish.filtered,
                underlying: error as? StoreError ?? StoreError(.database(code: 0), "\(error)"))
        }
    }

    public func stopFanOut(publishID: String, reason: String, now: Double) throws -> Bool {
        try write { db in
            guard try db.execute(FanOutStatements.stopFanOut, [.text(reason), .double(now), .text(publishID)]) > 0 else { return false }
            try Self.finishIfComplete(db, publishID: publishID, now: now)
            return true
        }
    }
}
