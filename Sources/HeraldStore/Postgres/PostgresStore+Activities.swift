extension PostgresStore {
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
