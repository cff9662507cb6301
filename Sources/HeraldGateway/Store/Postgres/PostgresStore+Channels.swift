import HeraldCore

/// Broadcast channels (see `SQLiteStore+Channels`). Creating one locks the app's row, so
/// that concurrent creations take turns and the per-app limit holds; the engine claims
/// due operations with SKIP LOCKED, so two processes never make one channel at once.
extension PostgresStore {
    public func createChannel(appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double) throws
        -> ChannelRecord
    {
        try write { db in
            _ = try db.query("SELECT 1 FROM apps WHERE id = $1 FOR NO KEY UPDATE", [.text(appID)])
            let count = try db.query(
                "SELECT count(*) FROM channels WHERE app_id = $1 AND environment = $2 AND state <> 'deleted'",
                [.text(appID), .text(environment.rawValue)])[0].int(0)
            guard count < ChannelRecord.perAppLimit else { throw ChannelRecord.limitExceeded(appID, environment) }
            let channel = ChannelRecord(
                id: Identifier.make(ChannelRecord.idPrefix), appID: appID, environment: environment, storagePolicy: storagePolicy,
                createdAt: now, updatedAt: now)
            _ = try db.execute(
                """
                INSERT INTO channels (id, app_id, environment, storage_policy, state, next_at, created_at, updated_at)
                VALUES ($1, $2, $3, $4, 'creating', $5, $5, $5)
                """, [.text(channel.id), .text(appID), .text(environment.rawValue), .text(storagePolicy.rawValue), .double(now)])
            return channel
        }
    }

    public func channel(appID: String, id: String) throws -> ChannelRecord? {
        try read { db in try Self.channel(db, appID: appID, id: id) }
    }

    public func channels(appID: String, after: String?, limit: Int) throws -> [ChannelRecord] {
        try read { db in
            try db.query(
                """
                SELECT \(ChannelRecord.columns) FROM channels WHERE app_id = $1 AND state <> 'deleted'
                AND seq > coalesce((SELECT seq FROM channels WHERE app_id = $1 AND id = $2), 0) ORDER BY seq LIMIT $3
                """, [.text(appID), .optional(after), .int(limit)]
            ).map(Self.channelRecord)
        }
    }

    public func deleteChannel(appID: String, id: String, now: Double) throws -> ChannelRecord? {
        try write { db in
            _ = try db.execute(ChannelStatements.delete, [.double(now), .text(appID), .text(id)])
            return try Self.channel(db, appID: appID, id: id)
        }
    }

    public func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord] {
        try write { db in
            try db.query(
                """
                UPDATE channels SET attempts = attempts + 1, next_at = $3 WHERE seq IN (
                    SELECT seq FROM channels WHERE state IN ('creating', 'deleting') AND next_at <= $1
                    ORDER BY next_at, seq LIMIT $2 FOR UPDATE SKIP LOCKED
                ) RETURNING \(ChannelRecord.columns)
                """, [.double(now), .int(limit), .double(now + hold)]
            ).map(Self.channelRecord)
        }
    }

    public func completeChannelOperation(appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws {
        let (sql, values) = ChannelStatements.complete(result, now: now)
        try write { db in
            _ = try db.execute(sql, [.text(appID), .text(id)] + values.map(Self.postgresValue))
        }
    }

    private static func postgresValue(_ value: ChannelStatements.Value) -> SQLValue {
        switch value {
        case .text(let text): .text(text)
        case .double(let number): .double(number)
        case .int(let number): .int(number)
        }
    }

    private static func channel(_ db: PostgresConnection, appID: String, id: String) throws -> ChannelRecord? {
        try db.query("SELECT \(ChannelRecord.columns) FROM channels WHERE app_id = $1 AND id = $2", [.text(appID), .text(id)])
            .first.map(channelRecord)
    }

    private static func channelRecord(_ row: PostgresRow) throws -> ChannelRecord {
        ChannelRecord(
            id: try row.string(0), appID: try row.string(1), environment: APNsEnvironment(rawValue: try row.string(2)) ?? .production,
            storagePolicy: ChannelStoragePolicy(rawValue: try row.string(3)) ?? .none, apnsChannelID: try row.optionalString(4),
            state: ChannelRecord.State(rawValue: try row.string(5)) ?? .failed, failureReason: try row.optionalString(6),
            createdAt: try row.double(7), updatedAt: try row.double(8), attempts: try row.int(9))
    }
}
