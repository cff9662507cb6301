import HeraldCore

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
                    SELECT id, app_id, target_kind, target_keys, fanout_key, fanout_seq, environment FROM publishes
                    WHERE status IN ('queued', 'sending') AND fanout_done = 0 ORDER BY seq LIMIT 1
                    """, [], { ($0.text(0), $0.text(1), $0.text(2), $0.text(3), $0.int(4), $0.int(5), $0.text(6)) }
                ).first
            else { return nil }
            let (id, appID, kind, keysText, startKey, startSeq, environment) = row
            let keys = ((try? JSONParser().parse(keysText))?.arrayValue ?? []).compactMap(\.stringValue)
            var keyIndex = startKey
            var afterSeq = startSeq
            var remaining = max(1, limit)
            var created = 0
            while keyIndex < keys.count, remaining > 0 {
                let key = keys[keyIndex]
                let asked = remaining
                let targets = try Self.targets(
                    db, appID: appID, kind: kind, key: key, afterSeq: afterSeq, limit: asked, environment: environment)
                for target in targets {
                    created += try db.run(
                        """
                        INSERT OR IGNORE INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            .text(id), .text(appID), target.seq.map(SQLValue.int) ?? .null, .text(target.token), .text(target.environment),
                            .double(now), .double(now),
                        ])
                }
                remaining -= max(1, targets.count)
                // A full page may have more behind it: stay on this key, after the last device.
                if kind == "interests" || kind == "users", targets.count == asked, let last = targets.last?.seq {
                    afterSeq = last
                } else {
                    keyIndex += 1
                    afterSeq = 0
                }
            }
            let finished = keyIndex >= keys.count
            try db.run(
                """
                UPDATE publishes SET fanout_key = ?, fanout_seq = ?, fanout_done = ?, targeted = targeted + ?, status = 'sending',
                updated_at = ? WHERE id = ?
                """, [.int(keyIndex), .int(afterSeq), .int(finished ? 1 : 0), .int(created), .double(now), .text(id)])
            if finished { try Self.finishIfComplete(db, publishID: id, now: now) }
            return FanOutProgress(publishID: id, appID: appID, created: created, finished: finished)
        }
    }

    private struct Target {
        var seq: Int?
        var token: String
        var environment: String
    }

    private static func targets(
        _ db: Connection, appID: String, kind: String, key: String, afterSeq: Int, limit: Int, environment: String
    ) throws -> [Target] {
        let row: (Statement) -> Target = { Target(seq: $0.int(0), token: $0.text(1), environment: $0.text(2)) }
        switch kind {
        case "interests":
            return try db.query(
                """
                SELECT d.seq, d.token, d.environment FROM device_interests i JOIN devices d ON d.seq = i.device_seq
                WHERE i.app_id = ? AND i.interest = ? AND i.device_seq > ? AND d.invalidated_at IS NULL ORDER BY i.device_seq LIMIT ?
                """, [.text(appID), .text(key), .int(afterSeq), .int(limit)], row)
        case "users":
            return try db.query(
                """
                SELECT seq, token, environment FROM devices WHERE app_id = ? AND user_id = ? AND seq > ? AND invalidated_at IS NULL
                ORDER BY seq LIMIT ?
                """, [.text(appID), .text(key), .int(afterSeq), .int(limit)], row)
        case "devices":
            return try db.query(
                "SELECT seq, token, environment FROM devices WHERE app_id = ? AND id = ? AND invalidated_at IS NULL",
                [.text(appID), .text(key)], row)
        default:  // tokens: the registered device when there is one, else the publish's environment
            let registered = try db.query(
                "SELECT seq, token, environment FROM devices WHERE app_id = ? AND token = ? AND invalidated_at IS NULL",
                [.text(appID), .text(key)], row)
            return registered.isEmpty ? [Target(seq: nil, token: key, environment: environment)] : registered
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
