import HeraldAPNsModel
import HeraldShared

/// Broadcast channels: the rows the API commits and the engine's operations at APNs. Each
/// runs in the caller's transaction.
extension SQLStore {
    static func createChannel(
        _ db: Database, appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double
    ) throws -> ChannelRecord {
        let sql = ChannelStatements.self
        try db.lock(sql.lockApp, [.text(appID)])
        let count = try db.query(sql.liveCount, [.text(appID), .text(environment.rawValue)]) { try $0.int(0) }.first ?? 0
        guard count < ChannelRecord.perAppLimit else { throw ChannelRecord.limitExceeded(appID, environment) }
        let channel = ChannelRecord(
            id: Identifier.make(ChannelRecord.idPrefix), appID: appID, environment: environment, storagePolicy: storagePolicy,
            createdAt: now, updatedAt: now)
        try db.execute(
            sql.insert, [.text(channel.id), .text(appID), .text(environment.rawValue), .text(storagePolicy.rawValue), .double(now)])
        return channel
    }

    static func channel(_ db: Database, appID: String, id: String) throws -> ChannelRecord? {
        try db.query(ChannelStatements.channel, [.text(appID), .text(id)], channelRecord).first
    }

    static func channels(_ db: Database, appID: String, after: String?, limit: Int) throws -> [ChannelRecord] {
        try db.query(ChannelStatements.channels, [.text(appID), .optional(after), .int(limit)], channelRecord)
    }

    static func deleteChannel(_ db: Database, appID: String, id: String, now: Double) throws -> ChannelRecord? {
        try db.execute(ChannelStatements.delete, [.double(now), .text(appID), .text(id)])
        return try channel(db, appID: appID, id: id)
    }

    static func completeChannelOperation(_ db: Database, appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws {
        let (sql, values) = ChannelStatements.complete(result, now: now)
        try db.execute(sql, [.text(appID), .text(id)] + values)
    }

    /// A channel from `ChannelRecord.columns`.
    static func channelRecord(_ row: Database.Row) throws -> ChannelRecord {
        ChannelRecord(
            id: try row.string(0), appID: try row.string(1), environment: APNsEnvironment(rawValue: try row.string(2)) ?? .production,
            storagePolicy: ChannelStoragePolicy(rawValue: try row.string(3)) ?? .none, apnsChannelID: try row.optionalString(4),
            state: ChannelRecord.State(rawValue: try row.string(5)) ?? .failed, failureReason: try row.optionalString(6),
            createdAt: try row.double(7), updatedAt: try row.double(8), attempts: try row.int(9))
    }
}

/// The public methods whose transaction and body are the same on both stores: `read`
/// and `write` are each store's own (`SQLStore`'s requirements).
extension SQLStore {
    public func createChannel(appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double) throws
        -> ChannelRecord
    {
        try write { db in try Self.createChannel(db, appID: appID, environment: environment, storagePolicy: storagePolicy, now: now) }
    }

    public func channel(appID: String, id: String) throws -> ChannelRecord? {
        try snapshot { db in try Self.channel(db, appID: appID, id: id) }
    }

    public func channels(appID: String, after: String?, limit: Int) throws -> [ChannelRecord] {
        try snapshot { db in try Self.channels(db, appID: appID, after: after, limit: limit) }
    }

    public func deleteChannel(appID: String, id: String, now: Double) throws -> ChannelRecord? {
        try write { db in try Self.deleteChannel(db, appID: appID, id: id, now: now) }
    }

    public func completeChannelOperation(appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws {
        try write { db in try Self.completeChannelOperation(db, appID: appID, id: id, result, now: now) }
    }
}
