extension SQLStore {
    /// Adds `count` to the publish's `series` counter and to its history in the second of
    /// `at`, inside the transaction of the change it counts (see `PublishTimeline`).
    static func count(_ db: Database, _ series: PublishTimeline.Series, _ count: Int = 1, publishID: String, at: Double) throws {
        let sql = FanOutStatements.self
        try db.execute(sql.addToCounter[series] ?? SQLStatement(""), [.int(count), .text(publishID)])
        try db.execute(sql.addToHistory, [.text(publishID), .int(Int(at.rounded(.down))), .text(series.rawValue), .int(count)])
    }

    /// Counts `count` failures of the publish with `reason`.
    static func countFailure(_ db: Database, publishID: String, reason: String, count: Int = 1) throws {
        try db.execute(FanOutStatements.countFailure, [.text(publishID), .text(reason), .int(count)])
    }

    /// The publish's counters over time; `nil`: no such publish (see `GatewayStore.publishTimeline`).
    static func timeline(_ db: Database, appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        let sql = FanOutStatements.self
        guard
            let (created, sendAt) = try db.query(sql.timelineStart, [.text(appID), .text(publishID)], {
                (try $0.double(0), try $0.optionalDouble(1))
            }).first
        else { return nil }
        let history = try db.query(sql.timelineHistory, [.text(publishID)]) {
            PublishTimeline.Entry(second: try $0.int(0), storedSeries: try $0.string(1), count: try $0.int(2))
        }
        return PublishTimeline(
            publishID: publishID, startedAt: max(created, sendAt ?? created), history: history.compactMap { $0 }, now: now,
            maxBuckets: maxBuckets)
    }
}

/// The public methods whose transaction and body are the same on both stores: `read`
/// and `write` are each store's own (`SQLStore`'s requirements).
extension SQLStore {
    public func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        try snapshot { db in try Self.timeline(db, appID: appID, publishID: publishID, now: now, maxBuckets: maxBuckets) }
    }
}
