import HeraldShared

extension SQLiteStore {
    public func createChannel(appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double) throws
        -> ChannelRecord
    {
        try write { db in try Self.createChannel(db, appID: appID, environment: environment, storagePolicy: storagePolicy, now: now) }
    }

    public func channel(appID: String, id: String) throws -> ChannelRecord? {
        try locked { db in try Self.channel(db, appID: appID, id: id) }
    }

    public func channels(appID: String, after: String?, limit: Int) throws -> [ChannelRecord] {
        try locked { db in try Self.channels(db, appID: appID, after: after, limit: limit) }
    }

    public func deleteChannel(appID: String, id: String, now: Double) throws -> ChannelRecord? {
        try write { db in try Self.deleteChannel(db, appID: appID, id: id, now: now) }
    }

    public func completeChannelOperation(appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws {
        try write { db in try Self.completeChannelOperation(db, appID: appID, id: id, result, now: now) }
    }

    /// Claims due operations: read them, then mark them, in the transaction.
    public func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord] {
        try write { db in
            // one store: PostgreSQL claims with one UPDATE … FOR UPDATE SKIP LOCKED … RETURNING (PostgresStore+Channels)
            let due = try db.query(
                """
                SELECT \(ChannelRecord.columns) FROM channels WHERE state IN ('creating', 'deleting') AND next_at <= ?
                ORDER BY next_at, seq LIMIT ?
                """, [.double(now), .int(limit)], Self.channelRecord)
            guard !due.isEmpty else { return [] }
            // one store: see above
            _ = try db.execute(
                "UPDATE channels SET attempts = attempts + 1, next_at = ? WHERE id IN (\(SQLiteConnection.placeholders(due.count)))",
                [.double(now + hold)] + due.map { .text($0.id) })
            return due.map { channel in
                var claimed = channel
                claimed.attempts += 1
                return claimed
            }
        }
    }
}
