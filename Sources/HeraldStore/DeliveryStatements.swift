/// The statements of finishing a delivery shared by both stores, rendered for each
/// database once. (Claiming, marking a batch sent and finding the next due time differ:
/// see the stores.)
enum DeliveryStatements {
    /// A delivery sent back to wait until `next_at` (PostgreSQL also ends its lease).
    static let retry = SQLStatement { d in
        """
        UPDATE deliveries SET state = 0, next_at = ?1, reason = ?2, updated_at = ?3,\(d == .postgres ? " lease_owner = NULL," : "")
        attempts = attempts - ?5 WHERE seq = ?4
        """
    }
    /// A delivery's final state and reason; one in flight keeps its answer's latency (from its
    /// claim, its last change).
    static let finish = SQLStatement(
        """
        UPDATE deliveries SET state = ?1, reason = ?2, latency = CASE WHEN state = 1 THEN ?3 - updated_at ELSE latency END,
        updated_at = ?3 WHERE seq = ?4
        """)
    /// When the delivery's device registered its token (locked on PostgreSQL: the device
    /// may be invalidated next).
    static let tokenRegisteredAt = SQLStatement { d in "SELECT token_registered_at FROM devices WHERE seq = ?" + d.forUpdate }
    static let invalidateDevice = SQLStatement(
        "UPDATE devices SET invalidated_at = ?, invalid_reason = ? WHERE seq = ? AND invalidated_at IS NULL")
    /// Frequency caps (`SQLStore.applyFrequencyCaps`): the device's row (locked on
    /// PostgreSQL, so claims of one device take turns), its sends past every window
    /// pruned, its capped publishes within a window (but this one), one recorded, and the
    /// place of a delivery that finally failed given back.
    static let lockDevice = SQLStatement { d in "SELECT seq FROM devices WHERE seq = ?" + d.forUpdate }
    static let pruneCappedSends = SQLStatement("DELETE FROM capped_sends WHERE device_seq = ? AND at < ?")
    static let recentCappedSends = SQLStatement("SELECT count(*) FROM capped_sends WHERE device_seq = ? AND at > ? AND publish_id <> ?")
    static let recordCappedSend = SQLStatement { d in
        d.insertOrIgnore("capped_sends (device_seq, publish_id, at) VALUES (?, ?, ?)", conflict: "device_seq, publish_id")
    }
    static let releaseCappedSend = SQLStatement(
        """
        DELETE FROM capped_sends WHERE device_seq = (SELECT device_seq FROM deliveries WHERE seq = ?1)
        AND publish_id = (SELECT publish_id FROM deliveries WHERE seq = ?1)
        """)
}
