/// Live Activity tokens: push-to-start per (device, activity type), update tokens per
/// (device, activity id). Rows go with their device (`deleteDevice`).
extension SQLiteStore {
    public func setPushToStartToken(appID: String, deviceID: String, activityType: String, token: String, now: Double) throws -> Bool {
        try write { db in
            guard let seq = try Self.deviceSeq(db, appID: appID, id: deviceID) else { return false }
            let known: Int =
                try db.scalar(
                    "SELECT count(*) FROM push_to_start_tokens WHERE device_seq = ? AND activity_type = ?",
                    [.int(seq), .text(activityType)]) ?? 0
            if known == 0 {
                let count: Int = try db.scalar("SELECT count(*) FROM push_to_start_tokens WHERE device_seq = ?", [.int(seq)]) ?? 0
                guard count < ActivityLimits.pushToStartTypes else {
                    throw ActivityLimits.exceeded("push-to-start tokens", limit: ActivityLimits.pushToStartTypes)
                }
            }
            try db.run(
                """
                INSERT INTO push_to_start_tokens (device_seq, activity_type, app_id, token, updated_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (device_seq, activity_type) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at
                """, [.int(seq), .text(activityType), .text(appID), .text(token), .double(now)])
            return true
        }
    }

    public func setActivityToken(appID: String, deviceID: String, activityID: String, activityType: String, token: String, now: Double)
        throws -> ActivityTokenChange?
    {
        try write { db in
            guard let seq = try Self.deviceSeq(db, appID: appID, id: deviceID) else { return nil }
            let change = try ActivityTokenChange.decide(
                existing: try Self.activity(db, seq: seq, activityID: activityID),
                elsewhere: {
                    try db.scalar("SELECT 1 FROM activities WHERE app_id = ? AND activity_id = ?", [.text(appID), .text(activityID)])
                        != nil
                },
                running: { try db.scalar("SELECT count(*) FROM activities WHERE device_seq = ? AND ended_at IS NULL", [.int(seq)]) ?? 0 },
                id: activityID, activityType: activityType, token: token, now: now)
            if change.created {
                try db.run(
                    """
                    INSERT INTO activities (device_seq, activity_id, app_id, activity_type, token, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.int(seq), .text(activityID), .text(appID), .text(activityType), .text(token), .double(now), .double(now)])
            } else {
                try db.run(
                    "UPDATE activities SET token = ?, updated_at = ? WHERE device_seq = ? AND activity_id = ?",
                    [.text(token), .double(now), .int(seq), .text(activityID)])
            }
            return change
        }
    }

    public func endActivity(appID: String, deviceID: String, activityID: String, now: Double) throws -> ActivityRecord? {
        try write { db in
            guard let seq = try Self.deviceSeq(db, appID: appID, id: deviceID) else { return nil }
            try db.run(
                "UPDATE activities SET ended_at = ? WHERE device_seq = ? AND activity_id = ? AND ended_at IS NULL",
                [.double(now), .int(seq), .text(activityID)])
            let activity = try Self.activity(db, seq: seq, activityID: activityID)
            try db.run(
                """
                DELETE FROM activities WHERE device_seq = ? AND ended_at IS NOT NULL AND activity_id NOT IN
                (SELECT activity_id FROM activities WHERE device_seq = ? AND ended_at IS NOT NULL ORDER BY ended_at DESC, activity_id LIMIT ?)
                """, [.int(seq), .int(seq), .int(ActivityLimits.endedActivitiesKept)])
            return activity
        }
    }

    public func activities(appID: String, deviceID: String) throws -> DeviceActivities? {
        try locked { db in
            guard let seq = try Self.deviceSeq(db, appID: appID, id: deviceID) else { return nil }
            let pushToStart = try db.query(
                "SELECT activity_type, token, updated_at FROM push_to_start_tokens WHERE device_seq = ? ORDER BY activity_type", [.int(seq)]
            ) { PushToStartToken(activityType: $0.text(0), token: $0.text(1), updatedAt: $0.double(2)) }
            let activities = try db.query(
                "\(Self.activityColumns) WHERE device_seq = ? ORDER BY activity_id", [.int(seq)], Self.activityRow)
            return DeviceActivities(pushToStart: pushToStart, activities: activities)
        }
    }

    /// The device's Live Activity rows, removed with it.
    static func deleteActivities(_ db: Connection, seq: Int) throws {
        try db.run("DELETE FROM push_to_start_tokens WHERE device_seq = ?", [.int(seq)])
        try db.run("DELETE FROM activities WHERE device_seq = ?", [.int(seq)])
    }

    private static let activityColumns = "SELECT activity_id, activity_type, token, created_at, updated_at, ended_at FROM activities"

    private static func activityRow(_ row: Statement) -> ActivityRecord {
        ActivityRecord(
            id: row.text(0), activityType: row.text(1), token: row.text(2), createdAt: row.double(3), updatedAt: row.double(4),
            endedAt: row.optionalDouble(5))
    }

    private static func activity(_ db: Connection, seq: Int, activityID: String) throws -> ActivityRecord? {
        try db.query("\(activityColumns) WHERE device_seq = ? AND activity_id = ?", [.int(seq), .text(activityID)], activityRow).first
    }
}
