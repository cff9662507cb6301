
extension PostgresStore {
    public func usage(appID: String) throws -> (devices: Int, subscriptions: Int) {
        try read { db in
            try db.query("SELECT device_count, subscription_count FROM apps WHERE id = $1", [.text(appID)]).first.map {
                (try $0.int(0), try $0.int(1))
            } ?? (0, 0)
        }
    }

    /// `DeviceQuota.check` inside the write transaction. The app's row is locked before its
    /// counts are read (the triggers would lock it anyway to count the change), so requests
    /// at the same time take turns and cannot overshoot; a change that adds nothing reads
    /// and locks nothing.
    static func checkQuota(_ db: PostgresConnection, appID: String, seq: Int?, interests: Set<String>?, quota: DeviceQuota) throws {
        try quota.check(
            appID: appID, newDevice: seq == nil, interests: interests,
            current: {
                guard let seq else { return 0 }  // a new device has none
                return try db.query("SELECT count(*) FROM device_interests WHERE device_seq = $1", [.int(seq)])[0].int(0)
            },
            usage: {
                try db.query("SELECT device_count, subscription_count FROM apps WHERE id = $1 FOR UPDATE", [.text(appID)]).first.map {
                    (try $0.int(0), try $0.int(1))
                } ?? (0, 0)
            })
    }
}
