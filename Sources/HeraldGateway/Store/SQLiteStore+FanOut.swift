
extension SQLiteStore {
    /// One step of fan-out: the oldest queued or sending publish whose fan-out is not
    /// finished gets up to `limit` more deliveries, in device order, from a cursor kept in
    /// its row (target key index, last device seq) so a restart resumes where it stopped.
    /// A device reached through two interests gets one delivery (unique publish and token).
    public func fanOutStep(limit: Int, now: Double) throws -> FanOutProgress? {
        try write { db in
            guard
                let row = try db.query(
                    """
                    SELECT id, app_id, target_kind, target_keys, fanout_key, fanout_seq, environment, activity_type FROM publishes
                    WHERE status IN ('queued', 'sending') AND fanout_done = 0 ORDER BY seq LIMIT 1
                    """, [], { ($0.text(0), $0.text(1), $0.text(2), $0.text(3), $0.int(4), $0.int(5), $0.text(6), $0.optionalText(7)) }
                ).first
            else { return nil }
            let (id, appID, kind, keysText, startKey, startSeq, environment, activityType) = row
            let keys = PublishTarget(kind: kind, storedKeys: keysText).keys
            var cursor = FanOutCursor(keyIndex: startKey, afterSeq: startSeq)
            let created = try cursor.step(
                kind: kind, keys: keys, limit: limit,
                page: {
                    try Self.insertPage(
                        db, publishID: id, appID: appID, kind: kind, activityType: activityType, key: $0, afterSeq: $1, limit: $2, now: now)
                },
                targets: { try Self.targets(db, appID: appID, kind: kind, activityType: activityType, key: $0, environment: environment) },
                deliver: { try Self.insertDelivery(db, publishID: id, appID: appID, $0, now: now) })
            let finished = cursor.finished(keys)
            try db.run(
                """
                UPDATE publishes SET fanout_key = ?, fanout_seq = ?, fanout_done = ?, targeted = targeted + ?, status = 'sending',
                updated_at = ? WHERE id = ?
                """, [.int(cursor.keyIndex), .int(cursor.afterSeq), .int(finished ? 1 : 0), .int(created), .double(now), .text(id)])
            if finished { try Self.finishIfComplete(db, publishID: id, now: now) }
            return FanOutProgress(publishID: id, appID: appID, created: created, finished: finished)
        }
    }

    /// A delivery to one target; 1 when it is new. A token APNs already declared dead is
    /// not sent again: its delivery is final at once, counted as invalidated with the reason.
    private static func insertDelivery(_ db: Connection, publishID: String, appID: String, _ target: FanOutTarget, now: Double) throws
        -> Int
    {
        let dead = target.invalidReason != nil
        let inserted = try db.run(
            """
            INSERT OR IGNORE INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at, state, reason)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(publishID), .text(appID), target.seq.map(SQLValue.int) ?? .null, .text(target.token), .text(target.environment),
                .double(now), .double(now), .int(dead ? DeliveryState.invalidated.rawValue : DeliveryState.pending.rawValue),
                .optional(target.invalidReason),
            ])
        if inserted > 0, let reason = target.invalidReason {
            try count(db, .invalidated, publishID: publishID, at: now)
            try countFailure(db, publishID: publishID, reason: reason)
        }
        return inserted
    }

    /// One page of an interest's or a user's devices, inserted as deliveries by one
    /// `INSERT … SELECT` (no row leaves SQLite): how many devices the page had, the last
    /// one's seq (the cursor), and how many deliveries were new. A push-to-start publish
    /// goes to the page's devices that have a push-to-start token for its activity type.
    private static func insertPage(
        _ db: Connection, publishID: String, appID: String, kind: String, activityType: String?, key: String, afterSeq: Int, limit: Int,
        now: Double
    ) throws -> FanOutCursor.Page {
        let devices =
            FanOutCursor.devicesKind(kind) == "interests"
            ? "FROM device_interests i JOIN devices d ON d.seq = i.device_seq"
            : "FROM devices d"
        let keyFilter = FanOutCursor.devicesKind(kind) == "interests" ? "i.app_id = ? AND i.interest = ?" : "d.app_id = ? AND d.user_id = ?"
        var filter: [SQLValue] = [.text(appID), .text(key), .int(afterSeq)]
        var join = "", token = "d.token"
        if let activityType {
            join = " JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = ?"
            token = "p.token"
            filter.insert(.text(activityType), at: 0)
        }
        let source = "\(devices)\(join) WHERE \(keyFilter) AND d.seq > ? AND d.invalidated_at IS NULL ORDER BY d.seq LIMIT ?"
        filter.append(.int(limit))
        let page =
            try db.query("SELECT count(*), max(s) FROM (SELECT d.seq AS s \(source))", filter) {
                ($0.int(0), $0.isNull(1) ? nil : $0.int(1))
            }.first ?? (0, nil)
        guard page.0 > 0 else { return FanOutCursor.Page(scanned: 0, last: nil, created: 0) }
        let created = try db.run(
            """
            INSERT OR IGNORE INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at)
            SELECT ?, ?, d.seq, \(token), d.environment, ?, ? \(source)
            """, [.text(publishID), .text(appID), .double(now), .double(now)] + filter)
        return FanOutCursor.Page(scanned: page.0, last: page.1, created: created)
    }

    /// What a `devices`, `tokens` or `activities` key names. A `devices` key: the registered
    /// device (skipped when invalidated), or for push-to-start its token for the activity
    /// type. A `tokens` key: the registered device when there is one, else the raw token in
    /// the publish's environment; a dead one comes back with its reason (final at once,
    /// never sent again). An `activities` key: the activity's update token on every device
    /// where it runs.
    private static func targets(
        _ db: Connection, appID: String, kind: String, activityType: String?, key: String, environment: String
    ) throws -> [FanOutTarget] {
        let row: (Statement) -> FanOutTarget = {
            FanOutTarget(seq: $0.int(0), token: $0.text(1), environment: $0.text(2), invalidReason: $0.isNull(3) ? nil : $0.text(4))
        }
        switch kind {
        case "devices":
            return try db.query(
                "SELECT seq, token, environment, invalidated_at, invalid_reason FROM devices WHERE app_id = ? AND id = ? AND invalidated_at IS NULL",
                [.text(appID), .text(key)], row)
        case "activities":
            return try db.query(
                """
                SELECT d.seq, a.token, d.environment, NULL, NULL FROM activities a JOIN devices d ON d.seq = a.device_seq
                WHERE a.app_id = ? AND a.activity_id = ? AND a.ended_at IS NULL AND d.invalidated_at IS NULL ORDER BY d.seq
                """, [.text(appID), .text(key)], row)
        case "channels":
            // One delivery whose token is Herald's channel id, in the channel's environment:
            // the engine broadcasts it once the channel is active.
            return try db.query("SELECT id, environment FROM channels WHERE app_id = ? AND id = ?", [.text(appID), .text(key)]) {
                FanOutTarget(seq: nil, token: $0.text(0), environment: $0.text(1))
            }
        case "tokens":
            let registered = try db.query(
                "SELECT seq, token, environment, invalidated_at, coalesce(invalid_reason, 'Unregistered') FROM devices WHERE app_id = ? AND token = ?",
                [.text(appID), .text(key)], row)
            return registered.isEmpty ? [FanOutTarget(seq: nil, token: key, environment: environment)] : registered
        default:  // push-to-start to devices
            return try db.query(
                """
                SELECT d.seq, p.token, d.environment, NULL, NULL FROM devices d
                JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = ?
                WHERE d.app_id = ? AND d.id = ? AND d.invalidated_at IS NULL
                """, [.text(activityType ?? ""), .text(appID), .text(key)], row)
        }
    }

    /// Marks a publish done once its fan-out finished and every delivery is final.
    static func finishIfComplete(_ db: Connection, publishID: String, now: Double) throws {
        try db.run(
            """
            UPDATE publishes SET status = 'done', updated_at = ? WHERE id = ? AND status = 'sending' AND fanout_done = 1
            AND targeted = sent + failed + invalidated
            """, [.double(now), .text(publishID)])
    }
}
