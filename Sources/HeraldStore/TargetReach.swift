import HeraldShared

/// What a publish's target reaches as it is committed, for the warnings of its 202: each
/// part read through an index, so the check costs a few lookups however large the app.
/// A filter is not applied (counting what it matches may read every device of the
/// target; `POST …/audience` counts it).
public struct TargetReach: Sendable, Hashable {
    /// The target (`interests`, `users`, `app`) names no device of the app that is not invalidated.
    public var reachesNone = false
    /// Device ids of a `devices` target that are no device of the app.
    public var unknownDeviceIDs: [String] = []
    /// Tokens of a `tokens` or `fcmTokens` target that no device of the app has: sent to as
    /// given, with no device to keep receipts or an invalidation for.
    public var unregisteredTokens: [String] = []

    public init(reachesNone: Bool = false, unknownDeviceIDs: [String] = [], unregisteredTokens: [String] = []) {
        self.reachesNone = reachesNone
        self.unknownDeviceIDs = unknownDeviceIDs
        self.unregisteredTokens = unregisteredTokens
    }
}

extension SQLStore {
    public func targetReach(appID: String, target: PublishTarget) throws -> TargetReach {
        let found = try snapshot { db -> [String]? in
            guard let statement = TargetReachStatements.check(appID: appID, target: target, dialect: db.dialect) else { return nil }
            return try db.query(statement.sql, statement.values) { try $0.string(0) }
        }
        guard let found else { return TargetReach() }
        switch target {
        case .interests, .users, .app: return TargetReach(reachesNone: found.isEmpty)
        case .devices(let ids):
            let known = Set(found)
            return TargetReach(unknownDeviceIDs: ids.filter { !known.contains($0) })
        default:
            let known = Set(found)
            return TargetReach(unregisteredTokens: target.keys.filter { !known.contains($0) })
        }
    }
}
