import HeraldCore

extension SQLiteStore {
    /// How many devices and interest subscriptions `appID` has (kept by migration 4's triggers).
    public func usage(appID: String) throws -> (devices: Int, subscriptions: Int) {
        try locked { db in try Self.usage(db, appID: appID) }
    }

    static func usage(_ db: Connection, appID: String) throws -> (devices: Int, subscriptions: Int) {
        try db.query("SELECT device_count, subscription_count FROM apps WHERE id = ?", [.text(appID)]) { ($0.int(0), $0.int(1)) }.first
            ?? (0, 0)
    }

    /// Refuses, inside the write transaction, a registration or a new set of interests that
    /// would take the app past `quota`: a new device (`seq` nil) counts against the devices,
    /// `interests` replacing the device's against the interests per device and the
    /// subscriptions (a change that does not add subscriptions is always allowed).
    static func checkQuota(_ db: Connection, appID: String, seq: Int?, interests: Set<String>?, quota: DeviceQuota) throws {
        if let interests, interests.count > quota.interestsPerDevice {
            throw quota.exceeded(
                .interestsPerDevice, "interests: \(interests.count) distinct interests for one device",
                remedy: "Subscribe the device to fewer interests")
        }
        guard seq == nil || interests != nil else { return }
        let usage = try usage(db, appID: appID)
        if seq == nil, usage.devices >= quota.devicesPerApp {
            throw quota.exceeded(
                .devicesPerApp, "app \(appID) already has \(usage.devices) devices",
                remedy: "Delete the devices the app no longer uses (DELETE /v1/apps/\(appID)/devices/{id})")
        }
        guard let interests else { return }
        let current = try seq.map { try db.scalar("SELECT count(*) FROM device_interests WHERE device_seq = ?", [.int($0)]) ?? 0 } ?? 0
        let after = usage.subscriptions - current + interests.count
        if interests.count > current, after > quota.subscriptionsPerApp {
            throw quota.exceeded(
                .subscriptionsPerApp,
                "app \(appID) has \(usage.subscriptions) interest subscriptions (each device's interests, summed) and this would make \(after)",
                remedy: "Remove interests the devices no longer need, or delete unused devices")
        }
    }
}
