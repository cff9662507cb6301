extension PostgresStore {
    /// Adds `count` to the publish's `series` counter and to its history in the second of
    /// `at`, inside the transaction of the change it counts (see `PublishTimeline`).
    static func count(_ db: PostgresConnection, _ series: PublishTimeline.Series, _ count: Int = 1, publishID: String, at: Double) throws {
        try db.execute("UPDATE publishes SET \(series.rawValue) = \(series.rawValue) + $1 WHERE id = $2", [.int(count), .text(publishID)])
        try db.execute(
            """
            INSERT INTO publish_history (publish_id, second, series, count) VALUES ($1, $2, $3, $4)
            ON CONFLICT (publish_id, second, series) DO UPDATE SET count = publish_history.count + EXCLUDED.count
            """, [.text(publishID), .int(Int(at.rounded(.down))), .text(series.rawValue), .int(count)])
    }

    public func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        try read { db in
            guard
                let publish = try db.query(
                    "SELECT created_at, send_at FROM publishes WHERE app_id = $1 AND id = $2", [.text(appID), .text(publishID)]
                ).first
            else { return nil }
            let created = try publish.double(0)
            let history = try db.query("SELECT second, series, count FROM publish_history WHERE publish_id = $1", [.text(publishID)])
                .map { PublishTimeline.Entry(second: try $0.int(0), storedSeries: try $0.string(1), count: try $0.int(2)) }
            return PublishTimeline(
                publishID: publishID, startedAt: max(created, try publish.optionalDouble(1) ?? created), history: history.compactMap { $0 },
                now: now, maxBuckets: maxBuckets)
        }
    }
}
