extension SQLiteStore {
    /// Adds `count` to the publish's `series` counter and to its history in the second of
    /// `at`, inside the transaction of the change it counts (see `PublishTimeline`).
    static func count(_ db: Connection, _ series: PublishTimeline.Series, _ count: Int = 1, publishID: String, at: Double) throws {
        try db.run("UPDATE publishes SET \(series.rawValue) = \(series.rawValue) + ? WHERE id = ?", [.int(count), .text(publishID)])
        try db.run(
            """
            INSERT INTO publish_history (publish_id, second, series, count) VALUES (?, ?, ?, ?)
            ON CONFLICT (publish_id, second, series) DO UPDATE SET count = count + excluded.count
            """, [.text(publishID), .int(Int(at.rounded(.down))), .text(series.rawValue), .int(count)])
    }

    public func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        try locked { db in
            guard
                let (created, sendAt) = try db.query(
                    "SELECT created_at, send_at FROM publishes WHERE app_id = ? AND id = ?", [.text(appID), .text(publishID)],
                    { ($0.double(0), $0.optionalDouble(1)) }
                ).first
            else { return nil }
            let history = try db.query("SELECT second, series, count FROM publish_history WHERE publish_id = ?", [.text(publishID)]) {
                PublishTimeline.Entry(second: $0.int(0), storedSeries: $0.text(1), count: $0.int(2))
            }
            return PublishTimeline(
                publishID: publishID, startedAt: max(created, sendAt ?? created), history: history.compactMap { $0 }, now: now,
                maxBuckets: maxBuckets)
        }
    }
}
