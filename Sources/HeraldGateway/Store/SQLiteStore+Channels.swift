import HeraldCore

/// Broadcast channels: the rows the API commits and the engine's operations at APNs
/// (`ChannelStatements` has the SQL both stores share).
extension SQLiteStore {
    public func createChannel(appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double) throws
        -> ChannelRecord
    {
        try write { db in
            let count: Int =
                try db.scalar(
                    "SELECT count(*) FROM channels WHERE app_id = ? AND environment = ? AND state <> 'deleted'",
                    [.text(appID), .text(environment.rawValue)]) ?? 0
            guard count < ChannelRecord.perAppLimit else { throw ChannelRecord.limitExceeded(appID, environment) }
            let channel = ChannelRecord(
                id: Identifier.make(ChannelRecord.idPrefix), appID: appID, environment: environment, storagePolicy: storagePolicy,
                createdAt: now, updatedAt: now)
            _ = try db.execute(
                """
                INSERT INTO channels (id, app_id, environment, storage_policy, state, next_at, created_at, updated_at)
                VALUES (?, ?, ?, ?, 'creating', ?, ?, ?)
                """,
                [
                    .text(channel.id), .text(appID), .text(environment.rawValue), .text(storagePolicy.rawValue), .double(now), .double(now),
                    .double(now),
                ])
            return channel
        }
    }

    public func channel(appID: String, id: String) throws -> ChannelRecord? {
        try locked { db in try Self.channel(db, appID: appID, id: id) }
    }

    public func channels(appID: String, after: String?, limit: Int) throws -> [ChannelRecord] {
        try locked { db in
            try db.query(
                """
                SELECT \(ChannelRecord.columns) FROM channels WHERE app_id = ? AND state <> 'deleted'
                AND seq > coalesce((SELECT seq FROM channels WHERE app_id = ? AND id = ?), 0) ORDER BY seq LIMIT ?
                """, [.text(appID), .text(appID), .optional(after), .int(limit)], Self.channelRecord)
        }
    }

    public func deleteChannel(appID: String, id: String, now: Double) throws -> ChannelRecord? {
        try write { db in
            _ = try db.execute(ChannelStatements.sqlite(ChannelStatements.delete), [.double(now), .text(appID), .text(id)])
            return try Self.channel(db, appID: appID, id: id)
        }
    }

    public func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord] {
        try write { db in
            let due = try db.query(
                """
                SELECT \(ChannelRecord.columns) FROM channels WHERE state IN ('creating', 'deleting') AND next_at <= ?
                ORDER BY next_at, seq LIMIT ?
                """, [.double(now), .int(limit)], Self.channelRecord)
            guard !due.isEmpty else { return [] }
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

    public func completeChannelOperation(appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws {
        let (sql, values) = ChannelStatements.complete(result, now: now)
        try write { db in
            _ = try db.execute(ChannelStatements.sqlite(sql), [.text(appID), .text(id)] + values.map(Self.sqlValue))
        }
    }

    private static func sqlValue(_ value: ChannelStatements.Value) -> SQLValue {
        switch value {
        case .text(let text): .text(text)
        case .double(let number): .double(number)
        case .int(let number): .int(number)
        }
    }

    private static func channel(_ db: SQLiteConnection, appID: String, id: String) throws -> ChannelRecord? {
        try db.query("SELECT \(ChannelRecord.columns) FROM channels WHERE app_id = ? AND id = ?", [.text(appID), .text(id)], channelRecord)
            .first
    }

    private static func channelRecord(_ row: SQLiteStatement) -> ChannelRecord {
        ChannelRecord(
            id: row.string(0), appID: row.string(1), environment: APNsEnvironment(rawValue: row.string(2)) ?? .production,
            storagePolicy: ChannelStoragePolicy(rawValue: row.string(3)) ?? .none, apnsChannelID: row.optionalString(4),
            state: ChannelRecord.State(rawValue: row.string(5)) ?? .failed, failureReason: row.optionalString(6), createdAt: row.double(7),
            updatedAt: row.double(8), attempts: row.int(9))
    }
}
