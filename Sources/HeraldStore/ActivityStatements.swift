/// The statements of Live Activity tokens, written once for both stores and rendered for
/// each database once. Lists sort bytewise (`SQLDialect.binaryOrder`).
enum ActivityStatements {
    private static let columns = "SELECT activity_id, activity_type, token, created_at, updated_at, ended_at FROM activities"
    /// A device's push-to-start tokens: how many, and how many of one activity type.
    static let pushToStartCounts = SQLStatement(
        "SELECT count(*), count(CASE WHEN activity_type = ?2 THEN 1 END) FROM push_to_start_tokens WHERE device_seq = ?1")
    static let savePushToStart = SQLStatement(
        """
        INSERT INTO push_to_start_tokens (device_seq, activity_type, app_id, token, updated_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (device_seq, activity_type) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at
        """)
    static let activityElsewhere = SQLStatement("SELECT 1 FROM activities WHERE app_id = ? AND activity_id = ?")
    static let runningActivities = SQLStatement("SELECT count(*) FROM activities WHERE device_seq = ? AND ended_at IS NULL")
    /// A new activity, or the rotated token of the device's known one.
    static let saveActivity = SQLStatement(
        """
        INSERT INTO activities (device_seq, activity_id, app_id, activity_type, token, created_at, updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
        ON CONFLICT (device_seq, activity_id) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at
        """)
    static let endActivity = SQLStatement(
        "UPDATE activities SET ended_at = ? WHERE device_seq = ? AND activity_id = ? AND ended_at IS NULL")
    /// The device's ended activities past the newest `ActivityLimits.endedActivitiesKept`.
    static let dropEndedActivities = SQLStatement { d in
        """
        DELETE FROM activities WHERE device_seq = ?1 AND ended_at IS NOT NULL AND activity_id NOT IN
        (SELECT activity_id FROM activities WHERE device_seq = ?1 AND ended_at IS NOT NULL
            ORDER BY ended_at DESC, \(d.binaryOrder("activity_id")) LIMIT ?2)
        """
    }
    static let pushToStartTokens = SQLStatement { d in
        "SELECT activity_type, token, updated_at FROM push_to_start_tokens WHERE device_seq = ? ORDER BY \(d.binaryOrder("activity_type"))"
    }
    static let activities = SQLStatement { d in "\(columns) WHERE device_seq = ? ORDER BY \(d.binaryOrder("activity_id"))" }
    static let activity = SQLStatement("\(columns) WHERE device_seq = ? AND activity_id = ?")
    static let deletePushToStartTokens = SQLStatement("DELETE FROM push_to_start_tokens WHERE device_seq = ?")
    static let deleteActivities = SQLStatement("DELETE FROM activities WHERE device_seq = ?")
}
