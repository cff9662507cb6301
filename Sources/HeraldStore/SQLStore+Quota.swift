import Foundation
import HeraldAPNsModel

extension SQLStore {
    /// The app's counts, kept by migration 4's triggers; (0, 0) for no such app.
    static func usage(_ db: Database, appID: String) throws -> (devices: Int, subscriptions: Int) {
        try db.query(DeviceStatements.usage, [.text(appID)]) { (try $0.int(0), try $0.int(1)) }.first ?? (0, 0)
    }

    /// `DeviceQuota.check` inside the write transaction: a new device has no `seq`. On
    /// PostgreSQL the app's row is locked before its counts are read (the triggers would
    /// lock it anyway to count the change), so requests at the same time take turns and
    /// cannot overshoot; a change that adds nothing reads and locks nothing.
    static func checkQuota(_ db: Database, appID: String, seq: Int?, interests: Set<String>?, quota: DeviceQuota) throws {
        let sql = DeviceStatements.self
        try quota.check(
            appID: appID, newDevice: seq == nil, interests: interests,
            current: {
                guard let seq else { return 0 }  // a new device has none
                return try db.query(sql.interestCount, [.int(seq)]) { try $0.int(0) }.first ?? 0
            },
            usage: { try db.query(sql.usageForUpdate, [.text(appID)]) { (try $0.int(0), try $0.int(1)) }.first ?? (0, 0) })
    }

    /// For a delivery of a Live Activity publish (push-to-start, or an activity's update
    /// token): whether APNs' answer removed the token. The token's row goes when
    /// `DeadToken.invalidates(tokenRegisteredAt:)` holds for the time it was set (a 410
    /// older than the token, or a token that rotated or went since, only fails the
    /// delivery); the device and its own token stay. `nil` for a delivery to a device token.
    static func pruneActivityToken(_ db: Database, _ seq: Int, deviceSeq: Int?, _ dead: DeadToken) throws -> Bool? {
        let sql = DeviceStatements.self
        guard let deviceSeq,
            let (kind, token) = try db.query(sql.deliveryTarget, [.int(seq)], { (try $0.string(0), try $0.string(1)) }).first,
            let table = ActivityTokenTable(targetKind: kind)
        else { return nil }
        let filter: [SQLValue] = [.int(deviceSeq), .text(token)]
        guard
            let setAt = try db.query(sql.activityTokenSetAt[table] ?? SQLStatement(""), filter, { try $0.double(0) }).first,
            dead.invalidates(tokenRegisteredAt: setAt)
        else { return false }
        try db.execute(sql.deleteActivityToken[table] ?? SQLStatement(""), filter)
        return true
    }
}

/// The public methods whose transaction and body are the same on both stores: `read`
/// and `write` are each store's own (`SQLStore`'s requirements).
extension SQLStore {
    public func usage(appID: String) throws -> (devices: Int, subscriptions: Int) {
        try snapshot { db in try Self.usage(db, appID: appID) }
    }
}
