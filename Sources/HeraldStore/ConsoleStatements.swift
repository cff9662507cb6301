/// The statements of the console's reads and sign-outs, and of retention, written once
/// for both stores and rendered for each database once.
final class ConsoleStatements: Sendable {
    /// Conditions after `FROM publishes`, and after `FROM devices d`, by lookup.
    let latestPublishes: String
    let devicesByToken: String
    let devicesByID: String
    let devicesByUser: String
    let devicesByInterest: String
    let failedDeliveries: String
    let deviceDeliveries: String
    let dropExpiredSignouts: String
    let insertSignout: String
    let signout: String
    /// Retention: the oldest finished publishes with deliveries left, a batch of their
    /// deliveries, whether any are left, their receipts, and the mark that they are pruned.
    let prunablePublishes: String
    let pruneDeliveries: String
    let anyDelivery: String
    let pruneEvents: String
    let markPruned: String
    /// Capped sends past every frequency cap's window (`FrequencyCap`), of devices no claim prunes any more.
    let pruneCappedSends: String

    init(_ d: SQLDialect) {
        latestPublishes = d.render("WHERE app_id = ? ORDER BY seq DESC LIMIT ?")
        devicesByToken = d.render("WHERE d.app_id = ? AND d.token = ? LIMIT ?")
        devicesByID = d.render("WHERE d.app_id = ? AND d.id = ? LIMIT ?")
        devicesByUser = d.render("WHERE d.app_id = ? AND d.user_id = ? ORDER BY d.seq LIMIT ?")
        devicesByInterest = d.render(
            """
            JOIN device_interests i ON i.device_seq = d.seq
            WHERE i.app_id = ? AND i.interest = ? ORDER BY i.device_seq LIMIT ?
            """)
        failedDeliveries = d.render(
            """
            SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at FROM deliveries d LEFT JOIN devices v ON v.seq = d.device_seq
            WHERE d.publish_id = ? AND d.app_id = ? AND d.state IN (\(DeliveryTrace.failedStates)) ORDER BY d.seq LIMIT ?
            """)
        deviceDeliveries = d.render(
            """
            SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at
            FROM (SELECT id, seq FROM publishes WHERE app_id = ?1 ORDER BY seq DESC LIMIT ?2) p
            JOIN devices v ON v.app_id = ?1 AND v.id = ?3
            JOIN deliveries d ON d.publish_id = p.id AND (d.device_seq = v.seq OR (d.device_seq IS NULL AND d.token = v.token))
            ORDER BY p.seq DESC LIMIT ?4
            """)
        dropExpiredSignouts = d.render("DELETE FROM console_signouts WHERE expires_at <= ?")
        insertSignout = d.render(
            d.insertOrIgnore("console_signouts (session_id, app_id, expires_at) VALUES (?, ?, ?)"))
        signout = d.render("SELECT 1 FROM console_signouts WHERE session_id = ?")
        prunablePublishes = d.render(
            """
            SELECT id FROM publishes WHERE status IN ('done', 'cancelled') AND \(d.isFalse("pruned")) AND updated_at < ?
            ORDER BY updated_at LIMIT 100
            """)
        pruneDeliveries = d.render("DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE publish_id = ? LIMIT ?)")
        anyDelivery = d.render("SELECT 1 FROM deliveries WHERE publish_id = ? LIMIT 1")
        pruneEvents = d.render("DELETE FROM events WHERE publish_id = ?")
        markPruned = d.render("UPDATE publishes SET pruned = \(d.true) WHERE id = ?")
        pruneCappedSends = d.render("DELETE FROM capped_sends WHERE at < ?")
    }
}
