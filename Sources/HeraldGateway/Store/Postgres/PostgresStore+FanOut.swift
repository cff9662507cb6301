
extension PostgresStore {
    /// One step of fan-out, as `SQLiteStore.fanOutStep` does it (a cursor in the publish's
    /// row; one delivery per publish and token). The publish's row is locked for the step,
    /// skipping one that another process is fanning out (`FOR UPDATE SKIP LOCKED`): each
    /// page of devices is turned into deliveries once, whichever process gets it.
    public func fanOutStep(limit: Int, now: Double) throws -> FanOutProgress? {
        try write { db in
            guard
                let row = try db.query(
                    """
                    SELECT id, app_id, target_kind, target_keys, fanout_key, fanout_seq, environment, activity_type FROM publishes
                    WHERE status IN ('queued', 'sending') AND NOT fanout_done ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED
                    """
                ).first
            else { return nil }
            let id = try row.string(0), appID = try row.string(1), kind = try row.string(2), environment = try row.string(6)
            let activityType = try row.optionalString(7)
            let keys = PublishTarget(kind: kind, storedKeys: try row.string(3)).keys
            var cursor = FanOutCursor(keyIndex: try row.int(4), afterSeq: try row.int(5))
            let created = try cursor.step(
                kind: kind, keys: keys, limit: limit,
                page: {
                    try Self.insertPage(
                        db, publishID: id, appID: appID, kind: kind, activityType: activityType, key: $0, afterSeq: $1, limit: $2, now: now)
                },
                targets: { try Self.targets(db, appID: appID, kind: kind, activityType: activityType, key: $0, environment: environment) },
                deliver: { try Self.insertDelivery(db, publishID: id, appID: appID, $0, now: now) })
            let finished = cursor.finished(keys)
            try db.execute(
                """
                UPDATE publishes SET fanout_key = $1, fanout_seq = $2, fanout_done = $3, targeted = targeted + $4, status = 'sending',
                updated_at = $5 WHERE id = $6
                """, [.int(cursor.keyIndex), .int(cursor.afterSeq), .bool(finished), .int(created), .double(now), .text(id)])
            if finished { try Self.finishIfComplete(db, publishID: id, now: now) }
            return FanOutProgress(publishID: id, appID: appID, created: created, finished: finished)
        }
    }

    /// One page of an interest's or a user's devices, inserted as deliveries by one
    /// statement (no row leaves the server): how many devices the page had, the last one's
    /// seq (the cursor), and how many deliveries were new. A push-to-start publish goes to
    /// the page's devices that have a push-to-start token for its activity type ($7).
    private static func insertPage(
        _ db: PostgresConnection, publishID: String, appID: String, kind: String, activityType: String?, key: String, afterSeq: Int,
        limit: Int, now: Double
    ) throws -> FanOutCursor.Page {
        let join = activityType == nil ? "" : " JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = $7"
        let token = activityType == nil ? "d.token" : "p.token"
        let source =
            FanOutCursor.devicesKind(kind) == "interests"
            ? """
            SELECT d.seq, \(token) AS token, d.environment FROM device_interests i JOIN devices d ON d.seq = i.device_seq\(join)
            WHERE i.app_id = $1 AND i.interest = $2 AND i.device_seq > $3 AND d.invalidated_at IS NULL ORDER BY i.device_seq LIMIT $4
            """
            : """
            SELECT d.seq, \(token) AS token, d.environment FROM devices d\(join)
            WHERE d.app_id = $1 AND d.user_id = $2 AND d.seq > $3 AND d.invalidated_at IS NULL ORDER BY d.seq LIMIT $4
            """
        var parameters: [PostgresValue] = [.text(appID), .text(key), .int(afterSeq), .int(limit), .text(publishID), .double(now)]
        if let activityType { parameters.append(.text(activityType)) }
        let row = try db.query(
            """
            WITH page AS MATERIALIZED (\(source)),
            made AS (
                INSERT INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at)
                SELECT $5, $1, seq, token, environment, $6, $6 FROM page ON CONFLICT (publish_id, token) DO NOTHING RETURNING 1
            )
            SELECT (SELECT count(*) FROM page), (SELECT max(seq) FROM page), (SELECT count(*) FROM made)
            """, parameters)[0]
        return FanOutCursor.Page(scanned: try row.int(0), last: try row.optionalInt(1), created: try row.int(2))
    }

    /// What a `devices`, `tokens` or `activities` key names (see `SQLiteStore`): the
    /// registered device, or its push-to-start token for the activity type; for `tokens`
    /// the registered device, else the raw token in the publish's environment (a dead one
    /// with its reason); for `activities` the update token on every device where it runs.
    private static func targets(
        _ db: PostgresConnection, appID: String, kind: String, activityType: String?, key: String, environment: String
    ) throws -> [FanOutTarget] {
        var parameters: [PostgresValue] = [.text(appID), .text(key)]
        if kind == "channels" {
            // One delivery whose token is Herald's channel id (see `SQLiteStore`).
            return try db.query("SELECT id, environment FROM channels WHERE app_id = $1 AND id = $2", parameters).map { row in
                FanOutTarget(seq: nil, token: try row.string(0), environment: try row.string(1))
            }
        }
        let sql: String
        switch kind {
        case "devices":
            sql = """
                SELECT seq, token, environment, invalidated_at IS NOT NULL, invalid_reason FROM devices
                WHERE app_id = $1 AND id = $2 AND invalidated_at IS NULL
                """
        case "activities":
            sql = """
                SELECT d.seq, a.token, d.environment, false, NULL::text FROM activities a JOIN devices d ON d.seq = a.device_seq
                WHERE a.app_id = $1 AND a.activity_id = $2 AND a.ended_at IS NULL AND d.invalidated_at IS NULL ORDER BY d.seq
                """
        case "tokens":
            sql = """
                SELECT seq, token, environment, invalidated_at IS NOT NULL, coalesce(invalid_reason, 'Unregistered') FROM devices
                WHERE app_id = $1 AND token = $2
                """
        default:  // push-to-start to devices
            parameters.append(.text(activityType ?? ""))
            sql = """
                SELECT d.seq, p.token, d.environment, false, NULL::text FROM devices d
                JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = $3
                WHERE d.app_id = $1 AND d.id = $2 AND d.invalidated_at IS NULL
                """
        }
        let registered = try db.query(sql, parameters).map { row in
            FanOutTarget(
                seq: try row.int(0), token: try row.string(1), environment: try row.string(2),
                invalidReason: try row.bool(3) ? try row.string(4) : nil)
        }
        return registered.isEmpty && kind == "tokens" ? [FanOutTarget(seq: nil, token: key, environment: environment)] : registered
    }

    /// A delivery to one target; 1 when it is new. A token APNs already declared dead is
    /// not sent again: its delivery is final at once, counted as invalidated with the reason.
    private static func insertDelivery(_ db: PostgresConnection, publishID: String, appID: String, _ target: FanOutTarget, now: Double)
        throws
        -> Int
    {
        let dead = target.invalidReason != nil
        let inserted = try db.execute(
            """
            INSERT INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at, state, reason)
            VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8) ON CONFLICT (publish_id, token) DO NOTHING
            """,
            [
                .text(publishID), .text(appID), .optional(target.seq), .text(target.token), .text(target.environment), .double(now),
                .int(dead ? DeliveryState.invalidated.rawValue : DeliveryState.pending.rawValue), .optional(target.invalidReason),
            ])
        if inserted > 0, let reason = target.invalidReason {
            try count(db, .invalidated, publishID: publishID, at: now)
            try countFailure(db, publishID: publishID, reason: reason)
        }
        return inserted
    }

    /// Marks a publish done once its fan-out finished and every delivery is final.
    static func finishIfComplete(_ db: PostgresConnection, publishID: String, now: Double) throws {
        try db.execute(
            """
            UPDATE publishes SET status = 'done', updated_at = $1 WHERE id = $2 AND status = 'sending' AND fanout_done
            AND targeted = sent + failed + invalidated
            """, [.double(now), .text(publishID)])
    }
}
