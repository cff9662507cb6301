extension SQLiteStore {
    public func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        try locked { db in try Self.timeline(db, appID: appID, publishID: publishID, now: now, maxBuckets: maxBuckets) }
    }
}
