/// The statements of `TargetReach`, built at run time for the target's keys (at most
/// 1,000), written once for both stores.
enum TargetReachStatements {
    static func check(appID: String, target: PublishTarget, dialect: SQLDialect) -> (sql: String, values: [SQLValue])? {
        var b = SQLBindings(dialect)
        let app = b.bind(.text(appID))
        let keys = target.keys.map { b.bind(.text($0)) }.joined(separator: ", ")
        switch target {
        case .interests:
            return (
                """
                SELECT d.id FROM device_interests i JOIN devices d ON d.seq = i.device_seq
                WHERE i.app_id = \(app) AND i.interest IN (\(keys)) AND d.invalidated_at IS NULL LIMIT 1
                """, b.values
            )
        case .users:
            return ("SELECT d.id FROM devices d WHERE d.app_id = \(app) AND d.user_id IN (\(keys)) AND d.invalidated_at IS NULL LIMIT 1", b.values)
        case .app:
            return ("SELECT d.id FROM devices d WHERE d.app_id = \(app) AND d.invalidated_at IS NULL LIMIT 1", b.values)
        case .devices:
            return ("SELECT id FROM devices WHERE app_id = \(app) AND id IN (\(keys))", b.values)
        case .tokens, .fcmTokens:
            return ("SELECT token FROM devices WHERE app_id = \(app) AND token IN (\(keys))", b.values)
        default:
            return nil
        }
    }
}
