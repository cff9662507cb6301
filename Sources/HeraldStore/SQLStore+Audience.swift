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
        var b = SQLBindings(db.dialect)
        var condition = "d.app_id = \(b.bind(.text(appID))) AND d.invalidated_at IS NULL"
        let keys = target.keys.map { b.bind(.text($0)) }.joined(separator: ", ")
        switch target {
        case .interests:
            condition += " AND EXISTS (SELECT 1 FROM device_interests i WHERE i.device_seq = d.seq AND i.interest IN (\(keys)))"
        case .users: condition += " AND d.user_id IN (\(keys))"
        default: break
        }
        if let filter { condition += " AND " + filter.sql(&b) }
        let rows = try db.query(
            "SELECT d.platform, coalesce(d.language, ''), count(*) FROM devices d WHERE \(condition) GROUP BY d.platform, d.language",
            b.values
        ) { (try $0.string(0), try $0.string(1), try $0.int(2)) }
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
        try read { db in try Self.audience(db, appID: appID, target: target, filter: filter) }
    }
}
