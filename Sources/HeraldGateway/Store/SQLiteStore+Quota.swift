
extension SQLiteStore {
    public func usage(appID: String) throws -> (devices: Int, subscriptions: Int) {
        try locked { db in try Self.usage(db, appID: appID) }
    }

    /// The app's counts, kept by migration 4's triggers.
    static func usage(_ db: Connection, appID: String) throws -> (devices: Int, subscriptions: Int) {
        try db.query("SELECT device_count, subscription_count FROM apps WHERE id = ?", [.text(appID)]) { ($0.int(0), $0.int(1)) }.first
            ?? (0, 0)
    }

    /// `DeviceQuota.check` inside the write transaction: a new device has no `seq`.
    static func checkQuota(_ db: Connection, appID: String, seq: Int?, interests: Set<String>?, quota: DeviceQuota) throws {
        try quota.check(
            appID: appID, newDevice: seq == nil, interests: interests,
            current: { try db.scalar("SELECT count(*) FROM device_interests WHERE device_seq = ?", [.int(seq ?? 0)]) ?? 0 },
            usage: { try usage(db, appID: appID) })
    }
}
