import HeraldCore

/// Receipts. A receipt reads its delivery's state under a share lock, and marking
/// deliveries sent takes their rows for update: whichever comes second waits for the
/// first to commit and then sees what it did, so a receipt held while its delivery was in
/// flight is always counted once APNs accepts it.
extension PostgresStore {
    public func recordEvents(appID: String, _ events: [DeviceEvent]) throws -> EventTally {
        try write { db in
            var tally = EventTally()
            var known: [String: Bool] = [:]
            for event in events {
                let exists: Bool
                if let cached = known[event.publishID] {
                    exists = cached
                } else {
                    exists =
                        try !db.query("SELECT 1 FROM publishes WHERE app_id = $1 AND id = $2", [.text(appID), .text(event.publishID)])
                        .isEmpty
                    known[event.publishID] = exists
                }
                guard exists else {
                    tally.unknownPublishes += 1
                    continue
                }
                // Only a device the publish was sent to, and that APNs accepted, can report on
                // it: a leaked client key or a made-up device id cannot inflate the statistics.
                let state = try db.query(
                    """
                    SELECT d.state FROM devices v JOIN deliveries d ON d.publish_id = $1 AND d.device_seq = v.seq
                    WHERE v.app_id = $2 AND v.id = $3 FOR SHARE OF d
                    """, [.text(event.publishID), .text(appID), .text(event.deviceID)]
                ).first.map { DeliveryState(rawValue: try $0.int(0)) }
                guard let state else {
                    tally.notTargeted += 1
                    continue
                }
                // A device can hear of a push before the gateway hears APNs' 200: such a
                // receipt is kept, uncounted, and counted when the delivery is marked sent.
                let counted: Bool
                switch state {
                case .sent: counted = true
                case .pending, .inFlight: counted = false
                case .failed, .invalidated, .cancelled, .none:
                    tally.notSent += 1
                    continue
                }
                let inserted = try db.execute(
                    """
                    INSERT INTO events (publish_id, device_id, event, action_id, at, counted) VALUES ($1, $2, $3, $4, $5, $6)
                    ON CONFLICT DO NOTHING
                    """,
                    [
                        .text(event.publishID), .text(event.deviceID), .text(event.kind.rawValue), .text(event.actionID ?? ""),
                        .double(event.at), .bool(counted),
                    ])
                guard inserted > 0 else {
                    tally.duplicates += 1
                    continue
                }
                guard counted else {
                    tally.pending += 1
                    continue
                }
                tally.accepted += 1
                if let column = event.kind.statisticsColumn {
                    try db.execute("UPDATE publishes SET \(column) = \(column) + 1 WHERE id = $1", [.text(event.publishID)])
                }
            }
            return tally
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
