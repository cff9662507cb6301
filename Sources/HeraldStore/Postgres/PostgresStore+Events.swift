
extension PostgresStore {
    public func eventCount(appID: String) throws -> Int {
        try read { db in try Self.eventCount(db, appID: appID) }
    }

    /// Counts the receipts that arrived while these deliveries (now sent) were in flight,
    /// each no earlier than its delivery was sent.
    static func countHeldEvents(_ db: PostgresConnection, sent seqs: [Int]) throws {
        // one store: one UPDATE … FROM over an array (SQLite: a list of `?` per seq, then receipt by receipt).
        guard !seqs.isEmpty, try db.query("SELECT EXISTS (SELECT 1 FROM events WHERE NOT counted)")[0].bool(0) else { return }
        // one store: as above.
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
