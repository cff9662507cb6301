extension SQLiteStore {
    public func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        typealias Series = PublishTimeline.Series
        return try locked { db in
            guard
                let (created, sendAt, pruned) = try db.query(
                    "SELECT created_at, send_at, pruned FROM publishes WHERE app_id = ? AND id = ?", [.text(appID), .text(publishID)],
                    { ($0.double(0), $0.optionalDouble(1), $0.int(2) != 0) }
                ).first
            else { return nil }
            let id = SQLValue.text(publishID)
            let deliveries = "FROM deliveries WHERE publish_id = ? AND state IN (\(Series.finishedStates))"
            let receipts = "FROM events WHERE publish_id = ? AND counted = 1 AND event IN (\(Series.receiptKinds))"
            let lastChange = try db.query(
                "SELECT max(t) FROM (SELECT max(updated_at) AS t \(deliveries) UNION ALL SELECT max(at) \(receipts))", [id, id],
                { $0.optionalDouble(0) }
            ).first ?? nil
            return try PublishTimeline.assemble(
                publishID: publishID, start: max(created, sendAt ?? created), lastChange: lastChange, now: now, maxBuckets: maxBuckets,
                pruned: pruned
            ) { start, width in
                let finished = try db.query(
                    "SELECT CAST((updated_at - ?) / ? AS INTEGER), state, count(*) \(deliveries) GROUP BY 1, 2",
                    [.double(start), .double(width), id]
                ) { row in Series.of(state: row.int(1)).map { (row.int(0), $0, row.int(2)) } }
                let received = try db.query(
                    "SELECT CAST((at - ?) / ? AS INTEGER), event, count(*) \(receipts) GROUP BY 1, 2", [.double(start), .double(width), id]
                ) { row in Series(rawValue: row.text(1)).map { (row.int(0), $0, row.int(2)) } }
                return (finished + received).compactMap { $0 }
            }
        }
    }
}
