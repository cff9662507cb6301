/// The statements of explanations (`SQLStore+Explain`), written once for both stores: each
/// reads by a key or an index prefix, so an explanation reads a bounded number of rows
/// however large the app or the publish.
enum ExplainStatements {
    /// What the publish record does not carry: fan-out finished, pruned, last change, and
    /// whether it keeps an inbox message.
    static let publishState = SQLStatement { d in
        """
        SELECT fanout_done, pruned, updated_at,
        EXISTS (SELECT 1 FROM inbox_messages m WHERE m.app_id = publishes.app_id AND m.id = publishes.id)
        FROM publishes WHERE app_id = ? AND id = ?
        """
    }
    static let variants = SQLStatement("SELECT tag, payload FROM publish_variants WHERE publish_id = ?")
    static let deviceSeq = SQLStatement("SELECT seq FROM devices WHERE app_id = ? AND id = ?")
    static let deleted = SQLStatement("SELECT seq, deleted_at, by_user FROM deleted_devices WHERE app_id = ? AND id = ?")
    static let activities = SQLStatement("SELECT activity_id, ended_at IS NOT NULL FROM activities WHERE device_seq = ?")
    static let pushToStartTypes = SQLStatement("SELECT activity_type FROM push_to_start_tokens WHERE device_seq = ?")
    /// The capped sends a cap window could count (the largest window before now), newest
    /// first, at most 2,000 (more than any cap's `max` counts).
    static let cappedSends = SQLStatement(
        "SELECT publish_id, at FROM capped_sends WHERE device_seq = ? AND at > ? ORDER BY at DESC LIMIT 2000")
    /// One delivery, by the unique (publish, device) key.
    static let delivery = SQLStatement(
        """
        SELECT state, attempts, reason, updated_at, next_at, due_at, variant, token, environment, platform, latency,
        earlier_attempts, in_doubt FROM deliveries WHERE publish_id = ? AND device_seq = ?
        """)
    static let receipts = SQLStatement("SELECT event, action_id, at, facts FROM events WHERE publish_id = ? AND device_id = ? ORDER BY at")
    static let inboxEntry = SQLStatement(
        "SELECT owner, is_read, is_deleted FROM inbox_entries WHERE app_id = ? AND message_id = ? AND owner IN (?, ?)")
    /// The devices of a user (a preview for users), oldest first.
    static let userDeviceIDs = SQLStatement("SELECT id FROM devices WHERE app_id = ? AND user_id = ? ORDER BY seq")

    // Writes: the facts nothing else kept.

    /// A retried attempt added to a delivery's earlier attempts (one JSON line).
    static let addEarlierAttempt = SQLStatement(
        "UPDATE deliveries SET earlier_attempts = coalesce(earlier_attempts, '') || ? WHERE seq = ?")
    /// When a delivery in flight was claimed (its last change): its answer's latency counts from it.
    static let claimedAt = SQLStatement("SELECT updated_at FROM deliveries WHERE seq = ? AND state = 1")
    /// A device deleted alone, remembered by id.
    static let rememberDeleted = SQLStatement { d in
        d.insertOrIgnore("deleted_devices (app_id, id, seq, deleted_at, by_user) VALUES (?, ?, ?, ?, \(d.false))", conflict: "app_id, id")
    }
    /// A user's devices, remembered before their rows go.
    static let rememberUserDevices = SQLStatement { d in
        d.insertOrIgnore(
            "deleted_devices (app_id, id, seq, deleted_at, by_user) SELECT app_id, id, seq, ?3, \(d.true) FROM devices WHERE app_id = ?1 AND user_id = ?2",
            conflict: "app_id, id")
    }
    /// Deleted devices past retention.
    static let pruneDeleted = SQLStatement("DELETE FROM deleted_devices WHERE deleted_at < ?")
}
