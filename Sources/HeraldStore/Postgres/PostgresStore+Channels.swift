import HeraldShared

extension PostgresStore {
    public func createChannel(appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double) throws
        -> ChannelRecord
    {
        try write { db in try Self.createChannel(db, appID: appID, environment: environment, storagePolicy: storagePolicy, now: now) }
    }

    public func channel(appID: String, id: String) throws -> ChannelRecord? {
        try read { db in try Self.channel(db, appID: appID, id: id) }
    }

    public func channels(appID: String, after: String?, limit: Int) throws -> [ChannelRecord] {
        try read { db in try Self.channels(db, appID: appID, after: after, limit: limit) }
    }

    public func deleteChannel(appID: String, id: String, now: Double) throws -> ChannelRecord? {
        try write { db in try Self.deleteChannel(db, appID: appID, id: id, now: now) }
    }

    public func completeChannelOperation(appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws {
        try write { db in try Self.completeChannelOperation(db, appID: appID, id: id, result, now: now) }
    }

    /// Claims due operations with SKIP LOCKED, so two processes never make one channel at once.
    public func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord] {
        try write { db in
            // one store: SKIP LOCKED keeps two processes off one channel; SQLite's one writer reads, then marks
            try db.query(
                """
                UPDATE channels SET attempts = attempts + 1, next_at = $3 WHERE seq IN (
                    SELECT seq FROM channels WHERE state IN ('creating', 'deleting') AND next_at <= $1
                    ORDER BY next_at, seq LIMIT $2 FOR UPDATE SKIP LOCKED
                ) RETURNING \(ChannelRecord.columns)
                """, [.double(now), .int(limit), .double(now + hold)], Self.channelRecord)
        }
    }
}
