import HeraldCore

/// Receipts. A receipt reads its delivery's state under a share lock, and marking
/// deliveries sent takes their rows for update: whichever comes second waits for the
/// first to commit and then sees what it did, so a receipt held while its delivery was in
/// flight is always counted once APNs accepts it.
extension PostgresStore {
    public func recordEvents(appID: String, _ events: [DeviceEvent]) throws -> EventTally {
        try write { db in
            try EventTally.record(
                events,
                publishExists: {
                    try !db.query("SELECT 1 FROM publishes WHERE app_id = $1 AND id = $2", [.text(appID), .text($0)]).isEmpty
                },
                deliveryState: { event in
                    try db.query(
                        """
                        SELECT d.state FROM devices v JOIN deliveries d ON d.publish_id = $1 AND d.device_seq = v.seq
                        WHERE v.app_id = $2 AND v.id = $3 FOR SHARE OF d
                        """, [.text(event.publishID), .text(appID), .text(event.deviceID)]
                    ).first?.int(0)
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
                count: { publishID, column in
                    try db.execute("UPDATE publishes SET \(column) = \(column) + 1 WHERE id = $1", [.text(publishID)])
                })
        }
    }

    /// Counts the receipts that arrived while these deliveries (now sent) were in flight.
    static func countHeldEvents(_ db: PostgresConnection, sent seqs: [Int]) throws {
        guard !seqs.isEmpty, try db.query("SELECT EXISTS (SELECT 1 FROM events WHERE NOT counted)")[0].bool(0) else { return }
        let held = try db.query(
            """
            UPDATE events e SET counted = true FROM deliveries d JOIN devices v ON v.seq = d.device_seq
            WHERE d.seq = ANY($1::bigint[]) AND e.publish_id = d.publish_id AND e.device_id = v.id AND NOT e.counted
            RETURNING e.publish_id, e.event
            """, [.array(seqs)]
        ).map { (try $0.string(0), DeviceEvent.Kind(rawValue: try $0.string(1))) }
        var increments: [String: [String: Int]] = [:]
        for case let (publishID, kind?) in held {
            guard let column = kind.statisticsColumn else { continue }
            increments[publishID, default: [:]][column, default: 0] += 1
        }
        for (publishID, columns) in increments.sorted(by: { $0.key < $1.key }) {
            for (column, count) in columns.sorted(by: { $0.key < $1.key }) {
                try db.execute("UPDATE publishes SET \(column) = \(column) + $1 WHERE id = $2", [.int(count), .text(publishID)])
            }
        }
    }
}
