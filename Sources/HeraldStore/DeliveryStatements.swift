/// The statements of finishing a delivery shared by both stores, rendered for each
/// database once. (Claiming, marking a batch sent and finding the next due time differ:
/// see the stores.)
final class DeliveryStatements: Sendable {
    /// A delivery sent back to wait until `next_at` (PostgreSQL also ends its lease).
    let retry: String
    /// A delivery's final state and reason.
    let finish: String
    /// When the delivery's device registered its token (locked on PostgreSQL: the device
    /// may be invalidated next).
    let tokenRegisteredAt: String
    let invalidateDevice: String
    /// Frequency caps (`SQLStore.applyFrequencyCaps`): the device's row (locked on
    /// PostgreSQL, so claims of one device take turns), its sends past every window
    /// pruned, its capped publishes within a window (but this one), one recorded, and the
    /// place of a delivery that finally failed given back.
    let lockDevice: String
    let pruneCappedSends: String
    let recentCappedSends: String
    let recordCappedSend: String
    let releaseCappedSend: String

    init(_ d: SQLDialect) {
        retry = d.render(
            """
            UPDATE deliveries SET state = 0, next_at = ?1, reason = ?2, updated_at = ?3,\(d == .postgres ? " lease_owner = NULL," : "")
            attempts = attempts - ?5 WHERE seq = ?4
            """)
        finish = d.render("UPDATE deliveries SET state = ?, reason = ?, updated_at = ? WHERE seq = ?")
        tokenRegisteredAt = d.render("SELECT token_registered_at FROM devices WHERE seq = ?" + d.forUpdate)
        invalidateDevice = d.render("UPDATE devices SET invalidated_at = ?, invalid_reason = ? WHERE seq = ? AND invalidated_at IS NULL")
        lockDevice = d.render("SELECT seq FROM devices WHERE seq = ?" + d.forUpdate)
        pruneCappedSends = d.render("DELETE FROM capped_sends WHERE device_seq = ? AND at < ?")
        recentCappedSends = d.render("SELECT count(*) FROM capped_sends WHERE device_seq = ? AND at > ? AND publish_id <> ?")
        recordCappedSend = d.render(
            d.insertOrIgnore("capped_sends (device_seq, publish_id, at) VALUES (?, ?, ?)", conflict: "device_seq, publish_id"))
        releaseCappedSend = d.render(
            """
            DELETE FROM capped_sends WHERE device_seq = (SELECT device_seq FROM deliveries WHERE seq = ?1)
            AND publish_id = (SELECT publish_id FROM deliveries WHERE seq = ?1)
            """)
    }
}
