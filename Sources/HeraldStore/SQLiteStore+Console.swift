extension SQLiteStore {
    public func publishes(appID: String, limit: Int) throws -> [PublishRecord] {
        try locked { db in try Self.latestPublishes(db, appID: appID, limit: limit) }
    }

    public func devices(appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord] {
        try locked { db in try Self.devices(db, appID: appID, matching: lookup, limit: limit) }
    }

    public func failedDeliveries(appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace] {
        try locked { db in try Self.failedDeliveries(db, appID: appID, publishID: publishID, limit: limit) }
    }

    public func deliveries(appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace] {
        try locked { db in try Self.deliveries(db, appID: appID, deviceID: deviceID, limit: limit) }
    }

    public func endConsoleSession(appID: String, id: String, expiresAt: Double, now: Double) throws {
        try write { db in try Self.endConsoleSession(db, appID: appID, id: id, expiresAt: expiresAt, now: now) }
    }

    public func consoleSessionEnded(id: String) throws -> Bool {
        try locked { db in try Self.consoleSessionEnded(db, id: id) }
    }
}
