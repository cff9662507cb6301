extension PostgresStore {
    public func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        typealias Series = PublishTimeline.Series
        return try read { db in
            guard
                let publish = try db.query(
                    "SELECT created_at, send_at, pruned FROM publishes WHERE app_id = $1 AND id = $2", [.text(appID), .text(publishID)]
                ).first
            else { return nil }
            let created = try publish.double(0)
            let start = max(created, try publish.optionalDouble(1) ?? created)
            let deliveries = "FROM deliveries WHERE publish_id = $1 AND state IN (\(Series.finishedStates))"
            let receipts = "FROM events WHERE publish_id = $1 AND counted AND event IN (\(Series.receiptKinds))"
            let lastChange = try db.query(
                "SELECT greatest((SELECT max(updated_at) \(deliveries)), (SELECT max(at) \(receipts)))", [.text(publishID)]
            ).first?.optionalDouble(0)
            return try PublishTimeline.assemble(
                publishID: publishID, start: start, lastChange: lastChange, now: now, maxBuckets: maxBuckets, pruned: try publish.bool(2)
            ) { start, width in
                let parameters: [PostgresValue] = [.text(publishID), .double(start), .double(width)]
                let finished = try db.query(
                    "SELECT floor((updated_at - $2) / $3)::bigint, state, count(*) \(deliveries) GROUP BY 1, 2", parameters
                ).map { row in try Series.of(state: row.int(1)).map { (try row.int(0), $0, try row.int(2)) } }
                let received = try db.query(
                    "SELECT floor((at - $2) / $3)::bigint, event, count(*) \(receipts) GROUP BY 1, 2", parameters
                ).map { row in try Series(rawValue: row.string(1)).map { (try row.int(0), $0, try row.int(2)) } }
                return (finished + received).compactMap { $0 }
            }
        }
    }
}
