/// Live Activity tokens: push-to-start per (device, activity type), update tokens per
/// (device, activity id). Each write finds the device with `lockDevice` (on PostgreSQL its
/// row is locked first, the order of `PostgresStore+Devices`, so a device's reports take
/// turns and its limits hold). Rows go with their device (`deleteDevice`). Each runs in
/// the caller's transaction.
extension SQLStore {
    static func setPushToStartToken(_ db: Database, appID: String, deviceID: String, activityType: String, token: String, now: Double)
        throws -> Bool
    {
        let sql = ActivityStatements.self
        guard let seq = try lockDevice(db, appID: appID, id: deviceID) else { return false }
        let (count, known) = try db.query(sql.pushToStartCounts, [.int(seq), .text(activityType)]) { (try $0.int(0), try $0.int(1)) }[0]
        if known == 0, count >= ActivityLimits.pushToStartTypes {
            throw ActivityLimits.exceeded("push-to-start tokens", limit: ActivityLimits.pushToStartTypes)
        }
        try db.execute(sql.savePushToStart, [.int(seq), .text(activityType), .text(appID), .text(token), .double(now)])
        return true
    }

    static func setActivityToken(
        _ db: Database, appID: String, deviceID: String, activityID: String, activityType: String, token: String, now: Double
    ) throws -> ActivityTokenChange? {
        let sql = ActivityStatements.self
        guard let seq = try lockDevice(db, appID: appID, id: deviceID) else { return nil }
        let change = try ActivityTokenChange.decide(
            existing: try activity(db, seq: seq, activityID: activityID),
            elsewhere: { try !db.query(sql.activityElsewhere, [.text(appID), .text(activityID)], { _ in () }).isEmpty },
            running: { try db.query(sql.runningActivities, [.int(seq)]) { try $0.int(0) }.first ?? 0 },
            id: activityID, activityType: activityType, token: token, now: now)
        // One statement either way: a new row, or the rotated token on the known one.
        do {
            try db.execute(
                sql.saveActivity, [.int(seq), .text(activityID), .text(appID), .text(activityType), .text(token), .double(now)])
        } catch where db.isUniqueViolation(error) {
            // Another device registered the id in a transaction that committed after
            // this one looked: the app-wide unique index keeps it that device's.
            throw ActivityTokenChange.ownedElsewhere(activityID)
        }
        if change.created { try logActivity(db, appID: appID, deviceID: deviceID, change.activity, started: true, now: now) }
        return change
    }

    static func endActivity(_ db: Database, appID: String, deviceID: String, activityID: String, now: Double) throws -> ActivityRecord? {
        let sql = ActivityStatements.self
        guard let seq = try lockDevice(db, appID: appID, id: deviceID) else { return nil }
        let ended = try db.execute(sql.endActivity, [.double(now), .int(seq), .text(activityID)])
        let activity = try activity(db, seq: seq, activityID: activityID)
        if ended > 0, let activity { try logActivity(db, appID: appID, deviceID: deviceID, activity, started: false, now: now) }
        try db.execute(sql.dropEndedActivities, [.int(seq), .int(ActivityLimits.endedActivitiesKept)])
        return activity
    }

    static func activities(_ db: Database, appID: String, deviceID: String) throws -> DeviceActivities? {
        let sql = ActivityStatements.self
        guard let seq = try db.query(DeviceStatements.deviceSeq, [.text(appID), .text(deviceID)], { try $0.int(0) }).first else {
            return nil
        }
        let pushToStart = try db.query(sql.pushToStartTokens, [.int(seq)]) {
            PushToStartToken(activityType: try $0.string(0), token: try $0.string(1), updatedAt: try $0.double(2))
        }
        let activities = try db.query(sql.activities, [.int(seq)], activityRow)
        return DeviceActivities(pushToStart: pushToStart, activities: activities)
    }

    /// The device's Live Activity rows, removed with it.
    static func deleteActivities(_ db: Database, seq: Int) throws {
        let sql = ActivityStatements.self
        try db.execute(sql.deletePushToStartTokens, [.int(seq)])
        try db.execute(sql.deleteActivities, [.int(seq)])
    }

    private static func activityRow(_ row: Database.Row) throws -> ActivityRecord {
        ActivityRecord(
            id: try row.string(0), activityType: try row.string(1), token: try row.string(2), createdAt: try row.double(3),
            updatedAt: try row.double(4), endedAt: try row.optionalDouble(5))
    }

    private static func activity(_ db: Database, seq: Int, activityID: String) throws -> ActivityRecord? {
        try db.query(ActivityStatements.activity, [.int(seq), .text(activityID)], activityRow).first
    }
}

/// The public methods whose transaction and body are the same on both stores: `read`
/// and `write` are each store's own (`SQLStore`'s requirements).
extension SQLStore {
    public func activities(appID: String, deviceID: String) throws -> DeviceActivities? {
        try snapshot { db in try Self.activities(db, appID: appID, deviceID: deviceID) }
    }
}
