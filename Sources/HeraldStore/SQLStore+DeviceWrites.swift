import HeraldShared

/// The device writes whose transaction and body are the same on both stores, each in one
/// `deviceWrite` (see `SQLStore.deviceWrite`).
extension SQLStore {
    public func registerDevice(appID: String, _ registration: DeviceRegistration, quota: DeviceQuota, now: Double) throws
        -> RegisteredDevice
    {
        try deviceWrite { db in try Self.register(db, appID: appID, registration, quota: quota, now: now) }
    }

    public func setInterests(appID: String, deviceID: String, _ interests: [String], quota: DeviceQuota, now: Double) throws -> Bool {
        try deviceWrite { db in try Self.setInterests(db, appID: appID, deviceID: deviceID, interests, quota: quota, now: now) }
    }

    public func setUser(appID: String, deviceID: String, _ userID: String?, now: Double) throws -> Bool {
        try deviceWrite { db in try Self.setUser(db, appID: appID, deviceID: deviceID, userID, now: now) }
    }

    public func setAttributes(appID: String, deviceID: String, _ change: DeviceAttributes, now: Double) throws -> Bool {
        try deviceWrite { db in try Self.setAttributes(db, appID: appID, deviceID: deviceID, change, now: now) }
    }

    public func deleteDevice(appID: String, deviceID: String, now: Double) throws -> Bool {
        try deviceWrite { db in try Self.deleteDevice(db, appID: appID, deviceID: deviceID, now: now) }
    }

    public func setPushToStartToken(appID: String, deviceID: String, activityType: String, token: String, now: Double) throws -> Bool {
        try deviceWrite { db in
            try Self.setPushToStartToken(db, appID: appID, deviceID: deviceID, activityType: activityType, token: token, now: now)
        }
    }

    public func setActivityToken(appID: String, deviceID: String, activityID: String, activityType: String, token: String, now: Double)
        throws -> ActivityTokenChange?
    {
        try deviceWrite { db in
            try Self.setActivityToken(
                db, appID: appID, deviceID: deviceID, activityID: activityID, activityType: activityType, token: token, now: now)
        }
    }

    public func endActivity(appID: String, deviceID: String, activityID: String, now: Double) throws -> ActivityRecord? {
        try deviceWrite { db in try Self.endActivity(db, appID: appID, deviceID: deviceID, activityID: activityID, now: now) }
    }
}
