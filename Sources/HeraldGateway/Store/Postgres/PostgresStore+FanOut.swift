import HeraldCore

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
                    SELECT id, app_id, target_kind, target_keys, fanout_key, fanout_seq, environment FROM publishes
                    WHERE status IN ('queued', 'sending') AND NOT fanout_done ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED
                    """
                ).first
            else { return nil }
            let id = try row.string(0), appID = try row.string(1), kind = try row.string(2), environment = try row.string(6)
            let keys = PublishTarget(kind: kind, storedKeys: try row.string(3)).keys
            var cursor = FanOutCursor(keyIndex: try row.int(4), afterSeq: try row.int(5))
            let created = try cursor.step(
                kind: kind, keys: keys, limit: limit,
                page: { try Self.insertPage(db, publishID: id, appID: appID, kind: kind, key: $0, afterSeq: $1, limit: $2, now: now) },
                targets: { try Self.targets(db, appID: appID, kind: kind, key: $0, environment: environment) },
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
    /// seq (the cursor), and how many deliveries were new.
    private static func insertPage(
        _ db: PostgresConnection, publishID: String, appID: String, kind: String, key: String, afterSeq: Int, limit: Int, now: Double
    ) throws -> FanOutCursor.Page {
        let source =
            kind == "interests"
            ? """
            SELECT d.seq, d.token, d.environment FROM device_interests i JOIN devices d ON d.seq = i.device_seq
            WHERE i.app_id = $1 AND i.interest = $2 AND i.device_seq > $3 AND d.invalidated_at IS NULL ORDER BY i.device_seq LIMIT $4
            """
            : """
            SELECT d.seq, d.token, d.environment FROM devices d
            WHERE d.app_id = $1 AND d.user_id = $2 AND d.seq > $3 AND d.invalidated_at IS NULL ORDER BY d.seq LIMIT $4
            """
        let row = try db.query(
            """
            WITH page AS MATERIALIZED (\(source)),
            made AS (
                INSERT INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at)
                SELECT $5, $1, seq, token, environment, $6, $6 FROM page ON CONFLICT (publish_id, token) DO NOTHING RETURNING 1
            )
            SELECT (SELECT count(*) FROM page), (SELECT max(seq) FROM page), (SELECT count(*) FROM made)
            """, [.text(appID), .text(key), .int(afterSeq), .int(limit), .text(publishID), .double(now)])[0]
        return FanOutCursor.Page(scanned: try row.int(0), last: try row.optionalInt(1), created: try row.int(2))
    }

    /// The device a `devices` or `tokens` key names (see `SQLiteStore`): the registered
    /// device, else (tokens only) the raw token in the publish's environment; a `tokens`
    /// key names a dead token too, with its reason.
    private static func targets(_ db: PostgresConnection, appID: String, kind: String, key: String, environment: String) throws
        -> [FanOutTarget]
    {
        let sql =
            kind == "devices"
            ? """
            SELECT seq, token, environment, invalidated_at IS NOT NULL, invalid_reason FROM devices
            WHERE app_id = $1 AND id = $2 AND invalidated_at IS NULL
            """
            : """
            SELECT seq, token, environment, invalidated_at IS NOT NULL, coalesce(invalid_reason, 'Unregistered') FROM devices
            WHERE app_id = $1 AND token = $2
            """
        let registered = try db.query(sql, [.text(appID), .text(key)]).map { row in
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
            try db.execute("UPDATE publishes SET invalidated = invalidated + 1 WHERE id = $1", [.text(publishID)])
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
