
/// Receipts. A receipt reads its delivery's state under a share lock, and marking
/// deliveries sent takes their rows for update: whichever comes second waits for the
/// first to commit and then sees what it did, so a receipt held while its delivery was in
/// flight is always counted once APNs accepts it.
extension PostgresStore {
    public func recordEvents(appID: String, _ events: [DeviceEvent], quota: DeviceQuota) throws -> EventTally {
        try write { db in
            try EventTally.record(
                events, appID: appID, quota: quota,
                publishExists: {
                    try !db.query("SELECT 1 FROM publishes WHERE app_id = $1 AND id = $2", [.text(appID), .text($0)]).isEmpty
                },
                delivery: { event in
                    try db.query(
                        """
                        SELECT d.state, d.updated_at FROM devices v JOIN deliveries d ON d.publish_id = $1 AND d.device_seq = v.seq
                        WHERE v.app_id = $2 AND v.id = $3 FOR SHARE OF d
                        """, [.text(event.publishID), .text(appID), .text(event.deviceID)]
                    ).first.map { (try $0.int(0), try $0.double(1)) }
                },
                insert: { event, counted in
                    try db.execute(
                        """
                        INSERT INTO events (publish_id, device_id, event, action_id, at, counted) VALUES ($1, $2, $3, $4, $5, $6)
                        ON CONFLICT DO NOTHING
                        """,
                        [
                            .text(event.publishID), .text(event.deviceID), .text(event.kind.rawValue), .text(event.actionID ?? ""),
                            .double(event.at), .bool(counted),
                        ]) > 0
                },
                actions: { event in
                    try db.query(
                        "SELECT count(*) FROM events WHERE publish_id = $1 AND device_id = $2 AND event = 'action'",
                        [.text(event.publishID), .text(event.deviceID)])[0].int(0)
                },
                count: { event, series in try Self.count(db, series, publishID: event.publishID, at: event.at) },
                // Migration 13's trigger has locked the app's row with the first insert: requests
                // at the same time take turns on the count, so they cannot overshoot it.
                storedEvents: { try Self.eventCount(db, appID: appID) })
        }
    }

    public func eventCount(appID: String) throws -> Int {
        try read { db in try Self.eventCount(db, appID: appID) }
    }

    private static func eventCount(_ db: PostgresConnection, appID: String) throws -> Int {
        try db.query("SELECT event_count FROM apps WHERE id = $1", [.text(appID)]).first?.int(0) ?? 0
    }

    /// Counts the receipts that arrived while these deliveries (now sent) were in flight,
    /// each no earlier than its delivery was sent.
    static func countHeldEvents(_ db: PostgresConnection, sent seqs: [Int]) throws {
        guard !seqs.isEmpty, try db.query("SELECT EXISTS (SELECT 1 FROM events WHERE NOT counted)")[0].bool(0) else { return }
        let held = try db.query(
            """
            UPDATE events e SET counted = true, at = greatest(e.at, d.updated_at) FROM deliveries d JOIN devices v ON v.seq = d.device_seq
            WHERE d.seq = ANY($1::bigint[]) AND e.publish_id = d.publish_id AND e.device_id = v.id AND NOT e.counted
            RETURNING e.publish_id, e.event, e.at
            """, [.array(seqs)]
        ).map { (try $0.string(0), DeviceEvent.Kind(rawValue: try $0.string(1))?.series, Int(try $0.double(2).rounded(.down))) }
        // Summed per publish, counter and second, then added in a fixed order (two
        // transactions adding to the same rows take their locks in the same order).
        var increments: [HeldCount: Int] = [:]
        for case let (publishID, series?, second) in held {
            increments[HeldCount(publishID: publishID, series: series, second: second), default: 0] += 1
        }
        for (key, count) in increments.sorted(by: { $0.key < $1.key }) {
            try Self.count(db, key.series, count, publishID: key.publishID, at: Double(key.second))
        }
    }

    private struct HeldCount: Hashable, Comparable {
        var publishID: String
        var series: PublishTimeline.Series
        var second: Int

        static func < (a: HeldCount, b: HeldCount) -> Bool {
            (a.publishID, a.series.rawValue, a.second) < (b.publishID, b.series.rawValue, b.second)
        }
    }
}
