/// The statements of Live Activity tokens, written once for both stores and rendered for
/// each database once. Lists sort bytewise (`SQLDialect.binaryOrder`).
final class ActivityStatements: Sendable {
    /// A device's push-to-start tokens: how many, and how many of one activity type.
    let pushToStartCounts: String
    let savePushToStart: String
    let activityElsewhere: String
    let runningActivities: String
    /// A new activity, or the rotated token of the device's known one.
    let saveActivity: String
    let endActivity: String
    /// The device's ended activities past the newest `ActivityLimits.endedActivitiesKept`.
    let dropEndedActivities: String
    let pushToStartTokens: String
    let activities: String
    let activity: String
    let deletePushToStartTokens: String
    let deleteActivities: String

    init(_ d: SQLDialect) {
        let columns = "SELECT activity_id, activity_type, token, created_at, updated_at, ended_at FROM activities"
        pushToStartCounts = d.render(
            "SELECT count(*), count(CASE WHEN activity_type = ?2 THEN 1 END) FROM push_to_start_tokens WHERE device_seq = ?1")
        savePushToStart = d.render(
            """
            INSERT INTO push_to_start_tokens (device_seq, activity_type, app_id, token, updated_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (device_seq, activity_type) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at
            """)
        activityElsewhere = d.render("SELECT 1 FROM activities WHERE app_id = ? AND activity_id = ?")
        runningActivities = d.render("SELECT count(*) FROM activities WHERE device_seq = ? AND ended_at IS NULL")
        saveActivity = d.render(
            """
            INSERT INTO activities (device_seq, activity_id, app_id, activity_type, token, created_at, updated_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
            ON CONFLICT (device_seq, activity_id) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at
            """)
        endActivity = d.render("UPDATE activities SET ended_at = ? WHERE device_seq = ? AND activity_id = ? AND ended_at IS NULL")
        dropEndedActivities = d.render(
            """
            DELETE FROM activities WHERE device_seq = ?1 AND ended_at IS NOT NULL AND activity_id NOT IN
            (SELECT activity_id FROM activities WHERE device_seq = ?1 AND ended_at IS NOT NULL
                ORDER BY ended_at DESC, \(d.binaryOrder("activity_id")) LIMIT ?2)
            """)
        pushToStartTokens = d.render(
            "SELECT activity_type, token, updated_at FROM push_to_start_tokens WHERE device_seq = ? ORDER BY \(d.binaryOrder("activity_type"))")
        activities = d.render("\(columns) WHERE device_seq = ? ORDER BY \(d.binaryOrder("activity_id"))")
        activity = d.render("\(columns) WHERE device_seq = ? AND activity_id = ?")
        deletePushToStartTokens = d.render("DELETE FROM push_to_start_tokens WHERE device_seq = ?")
        deleteActivities = d.render("DELETE FROM activities WHERE device_seq = ?")
    }
}
