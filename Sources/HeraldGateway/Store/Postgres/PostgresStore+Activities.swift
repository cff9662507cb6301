/// Live Activity tokens: push-to-start per (device, activity type), update tokens per
/// (device, activity id). Each write locks the device's row first (the order of
/// `PostgresStore+Devices`), so a device's reports take turns and its limits hold.
/// Rows go with their device (`deleteDevice`).
extension PostgresStore {
    public func setPushToStartToken(appID: String, deviceID: String, activityType: String, token: String, now: Double) throws -> Bool {
        try deviceWrite { db in
            guard let seq = try Self.lockDevice(db, appID: appID, id: deviceID) else { return false }
            let counts = try db.query(
                "SELECT count(*), count(*) FILTER (WHERE activity_type = $2) FROM push_to_start_tokens WHERE device_seq = $1",
                [.int(seq), .text(activityType)])[0]
            if try counts.int(1) == 0, try counts.int(0) >= ActivityLimits.pushToStartTypes {
                throw ActivityLimits.exceeded("push-to-start tokens", limit: ActivityLimits.pushToStartTypes)
            }
            try db.execute(
                """
                INSERT INTO push_to_start_tokens (device_seq, activity_type, app_id, token, updated_at) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (device_seq, activity_type) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at
                """, [.int(seq), .text(activityType), .text(appID), .text(token), .double(now)])
            return true
        }
    }

    public func setActivityToken(appID: String, deviceID: String, activityID: String, activityType: String, token: String, now: Double)
        throws -> ActivityTokenChange?
    {
        try deviceWrite { db in
            guard let seq = try Self.lockDevice(db, appID: appID, id: deviceID) else { return nil }
            let change = try ActivityTokenChange.decide(
                existing: try Self.activity(db, seq: seq, activityID: activityID),
                elsewhere: {
                    try !db.query("SELECT 1 FROM activities WHERE app_id = $1 AND activity_id = $2", [.text(appID), .text(activityID)])
                        .isEmpty
                },
                running: {
                    try db.query("SELECT count(*) FROM activities WHERE device_seq = $1 AND ended_at IS NULL", [.int(seq)])[0].int(0)
                },
                id: activityID, activityType: activityType, token: token, now: now)
            // One statement either way: a new row, or the rotated token on the known one.
            do {
                try db.execute(
                    """
                    INSERT INTO activities (device_seq, activity_id, app_id, activity_type, token, created_at, updated_at)
                    VALUES ($1, $2, $3, $4, $5, $6, $6)
                    ON CONFLICT (device_seq, activity_id) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at
                    """, [.int(seq), .text(activityID), .text(appID), .text(activityType), .text(token), .double(now)])
            } catch let error as PostgresError where error.reason == .uniqueViolation {
                // Another device registered the id in a transaction that committed after
                // this one looked: the app-wide unique index keeps it that device's.
                throw ActivityTokenChange.ownedElsewhere(activityID)
            }
            return change
        }
    }

    public func endActivity(appID: String, deviceID: String, activityID: String, now: Double) throws -> ActivityRecord? {
        try deviceWrite { db in
            guard let seq = try Self.lockDevice(db, appID: appID, id: deviceID) else { return nil }
            try db.execute(
                "UPDATE activities SET ended_at = $1 WHERE device_seq = $2 AND activity_id = $3 AND ended_at IS NULL",
                [.double(now), .int(seq), .text(activityID)])
            let activity = try Self.activity(db, seq: seq, activityID: activityID)
            try db.execute(
                """
                DELETE FROM activities WHERE device_seq = $1 AND ended_at IS NOT NULL AND activity_id NOT IN
                (SELECT activity_id FROM activities WHERE device_seq = $1 AND ended_at IS NOT NULL
                    ORDER BY ended_at DESC, activity_id COLLATE "C" LIMIT $2)
                """, [.int(seq), .int(ActivityLimits.endedActivitiesKept)])
            return activity
        }
    }

    public func activities(appID: String, deviceID: String) throws -> DeviceActivities? {
        try read { db in
            guard
                let seq = try db.query("SELECT seq FROM devices WHERE app_id = $1 AND id = $2", [.text(appID), .text(deviceID)]).first?.int(
                    0)
            else { return nil }
            let pushToStart = try db.query(
                "SELECT activity_type, token, updated_at FROM push_to_start_tokens WHERE device_seq = $1 ORDER BY activity_type COLLATE \"C\"",
                [.int(seq)]
            ).map { PushToStartToken(activityType: try $0.string(0), token: try $0.string(1), updatedAt: try $0.double(2)) }
            let activities = try db.query("\(Self.activityColumns) WHERE device_seq = $1 ORDER BY activity_id COLLATE \"C\"", [.int(seq)]).map(
                Self.activityRow)
            return DeviceActivities(pushToStart: pushToStart, activities: activities)
        }
    }

    /// The device's Live Activity rows, removed with it.
    static func deleteActivities(_ db: PostgresConnection, seq: Int) throws {
        try db.execute("DELETE FROM push_to_start_tokens WHERE device_seq = $1", [.int(seq)])
        try db.execute("DELETE FROM activities WHERE device_seq = $1", [.int(seq)])
    }

    private static let activityColumns = "SELECT activity_id, activity_type, token, created_at, updated_at, ended_at FROM activities"

    private static func activityRow(_ row: PostgresRow) throws -> ActivityRecord {
        ActivityRecord(
            id: try row.string(0), activityType: try row.string(1), token: try row.string(2), createdAt: try row.double(3),
            updatedAt: try row.double(4), endedAt: try row.optionalDouble(5))
    }

    private static func activity(_ db: PostgresConnection, seq: Int, activityID: String) throws -> ActivityRecord? {
        try db.query("\(activityColumns) WHERE device_seq = $1 AND activity_id = $2", [.int(seq), .text(activityID)]).first.map(activityRow)
    }
}
