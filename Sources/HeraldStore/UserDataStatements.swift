/// The statements of a user's data (`SQLStore+UserData`), written once for both stores and
/// rendered for each database once. Each takes the app (`?1`) and the user (`?2`); rows are
/// found through the user's devices (deliveries and receipts are kept per device).
enum UserDataStatements {
    private static let userSeqs = "SELECT seq FROM devices WHERE app_id = ?1 AND user_id = ?2"
    /// The condition after `DeviceStatements.devices` for the user's devices, oldest first.
    static let devices = SQLStatement("WHERE d.app_id = ?1 AND d.user_id = ?2 ORDER BY d.seq")
    /// The user's devices' seqs, locked for the transaction on PostgreSQL.
    static let lockDevices = SQLStatement { d in "SELECT seq FROM devices WHERE app_id = ?1 AND user_id = ?2 ORDER BY seq\(d.forUpdate)" }
    static let deliveries = SQLStatement(
        """
        SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at FROM deliveries d JOIN devices v ON v.seq = d.device_seq
        WHERE v.app_id = ?1 AND v.user_id = ?2 ORDER BY d.seq
        """)
    /// The user's deliveries not finished yet (pending or in flight), locked on PostgreSQL.
    static let unfinishedDeliveries = SQLStatement { d in
        """
        SELECT seq, publish_id, state FROM deliveries WHERE device_seq IN (\(userSeqs))
        AND state IN (\(DeliveryState.pending.rawValue), \(DeliveryState.inFlight.rawValue)) ORDER BY seq\(d.forUpdate)
        """
    }
    static let receipts = SQLStatement { d in
        """
        SELECT e.publish_id, e.device_id, e.event, e.action_id, e.at FROM events e JOIN devices v ON v.id = e.device_id
        WHERE v.app_id = ?1 AND v.user_id = ?2 ORDER BY e.at, \(d.binaryOrder("e.publish_id")), \(d.binaryOrder("e.event")),
        \(d.binaryOrder("e.action_id"))
        """
    }
    /// One DELETE per kind of row, in `UserDataKind.allCases` order (a new kind needs its case
    /// here to compile).
    /// A delivery in flight when its user is deleted, kept without the user's device and
    /// token (`?1` its seq) until the push service's answer is recorded for it: it counts
    /// as what the service answered, and is never sent again (`userDeletedInFlight`).
    static let detachInFlight = SQLStatement(
        "UPDATE deliveries SET device_seq = NULL, token = 'deleted:' || CAST(seq AS TEXT), reason = ?2 WHERE seq = ?1")
    /// Whether a delivery was detached so (`?1` its seq, `?2` the reason it carries).
    static let userDeletedInFlight = SQLStatement("SELECT 1 FROM deliveries WHERE seq = ?1 AND device_seq IS NULL AND reason = ?2")
    static let deletions: [(kind: UserDataKind, statement: SQLStatement)] = UserDataKind.allCases.map { kind in
        let bySeq: (String) -> String = { table in "DELETE FROM \(table) WHERE device_seq IN (\(userSeqs))" }
        let sql: String
        switch kind {
        case .receipts: sql = "DELETE FROM events WHERE device_id IN (SELECT id FROM devices WHERE app_id = ?1 AND user_id = ?2)"
        case .deliveries: sql = bySeq("deliveries")
        case .pushToStartTokens: sql = bySeq("push_to_start_tokens")
        case .liveActivities: sql = bySeq("activities")
        case .interests: sql = bySeq("device_interests")
        case .tags: sql = bySeq("device_tags")
        case .devices: sql = "DELETE FROM devices WHERE app_id = ?1 AND user_id = ?2"
        case .inboxMessages:
            sql = """
                DELETE FROM inbox_messages WHERE app_id = ?1 AND owner_limit IS NULL
                AND id IN (SELECT message_id FROM inbox_entries WHERE app_id = ?1 AND owner = 'user:' || ?2)
                """
        case .inbox: sql = "DELETE FROM inbox_entries WHERE app_id = ?1 AND owner = 'user:' || ?2"
        }
        return (kind, SQLStatement(sql))
    }
}
