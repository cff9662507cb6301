
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
            RETURNING e.publish_id, e.event, e.at, e.device_id, e.action_id, d.app_id
            """, [.array(seqs)]
        ).map { row in
            (
                publishID: try row.string(0), kind: DeviceEvent.Kind(rawValue: try row.string(1)), at: try row.double(2),
                deviceID: try row.string(3), actionID: try row.string(4), appID: try row.string(5)
            )
        }
        // Summed per publish, counter and second, then added in a fixed order (two
        // transactions adding to the same rows take their locks in the same order).
        var increments: [HeldCount: Int] = [:]
        var receipts: [String: [DeviceEvent]] = [:]
        for receipt in held {
            guard let kind = receipt.kind else { continue }
            receipts[receipt.appID, default: []].append(
                DeviceEvent(
                    publishID: receipt.publishID, deviceID: receipt.deviceID, kind: kind,
                    actionID: receipt.actionID.isEmpty ? nil : receipt.actionID, at: receipt.at))
            guard let series = kind.series else { continue }
            increments[HeldCount(publishID: receipt.publishID, series: series, second: Int(receipt.at.rounded(.down))), default: 0] += 1
        }
        for (key, count) in increments.sorted(by: { $0.key < $1.key }) {
            try Self.count(db, key.series, count, publishID: key.publishID, at: Double(key.second))
        }
        for (appID, events) in receipts.sorted(by: { $0.key < $1.key }) { try logReceipts(db, appID: appID, events) }
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
