import HeraldShared

/// How many devices a publish to a target, narrowed by a filter, would reach now.
public struct AudienceCount: Sendable, Hashable {
    public var devices = 0
    public var byPlatform: [PushPlatform: Int] = [:]
    /// By the locale's language; devices without a locale under `""`.
    public var byLanguage: [String: Int] = [:]

    public init() {}
}

extension SQLStore {
    /// The app's devices (not invalidated) that `target` (`interests`, `users` or `app`)
    /// names and `filter` matches, by platform and language, in one statement: the same
    /// condition fan-out applies, counted, with nothing written.
    static func audience(_ db: Database, appID: String, target: PublishTarget, filter: AudienceFilter?) throws -> AudienceCount {
        let statement = AudienceStatements.count(appID: appID, target: target, filter: filter, dialect: db.dialect)
        let rows = try db.query(statement.sql, statement.values) { (try $0.string(0), try $0.string(1), try $0.int(2)) }
        var count = AudienceCount()
        for (platform, language, devices) in rows {
            count.devices += devices
            count.byPlatform[PushPlatform(rawValue: platform) ?? .apns, default: 0] += devices
            count.byLanguage[language, default: 0] += devices
        }
        return count
    }
}

extension SQLStore {
    public func audience(appID: String, target: PublishTarget, filter: AudienceFilter?) throws -> AudienceCount {
        try snapshot { db in try Self.audience(db, appID: appID, target: target, filter: filter) }
    }
}
