/// The statements of the console's reads and sign-outs, and of retention, written once
/// for both stores and rendered for each database once.
enum ConsoleStatements {
    /// Conditions after `FROM publishes`, and after `FROM devices d`, by lookup.
    static let latestPublishes = SQLStatement("WHERE app_id = ? ORDER BY seq DESC LIMIT ?")
    /// The same without the inbox's sync pushes (`InboxSync`), which the API lists only when asked.
    static let latestPublishesWithoutSyncs = SQLStatement("WHERE app_id = ? AND inbox_sync IS NULL ORDER BY seq DESC LIMIT ?")
    static let devicesByToken = SQLStatement("WHERE d.app_id = ? AND d.token = ? LIMIT ?")
    static let devicesByID = SQLStatement("WHERE d.app_id = ? AND d.id = ? LIMIT ?")
    static let devicesByUser = SQLStatement("WHERE d.app_id = ? AND d.user_id = ? ORDER BY d.seq LIMIT ?")
    static let devicesAfter = SQLStatement("WHERE d.app_id = ? AND d.id > ? ORDER BY d.id LIMIT ?")
    static let devicesByInterest = SQLStatement(
        """
        JOIN device_interests i ON i.device_seq = d.seq
        WHERE i.app_id = ? AND i.interest = ? ORDER BY i.device_seq LIMIT ?
        """)
    static let failedDeliveries = SQLStatement(
        """
        SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at FROM deliveries d LEFT JOIN devices v ON v.seq = d.device_seq
        WHERE d.publish_id = ? AND d.app_id = ? AND d.state IN (\(DeliveryTrace.failedStates)) ORDER BY d.seq LIMIT ?
        """)
    static let deviceDeliveries = SQLStatement(
        """
        SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at
        FROM (SELECT id, seq FROM publishes WHERE app_id = ?1 ORDER BY seq DESC LIMIT ?2) p
        JOIN devices v ON v.app_id = ?1 AND v.id = ?3
        JOIN deliveries d ON d.publish_id = p.id AND (d.device_seq = v.seq OR (d.device_seq IS NULL AND d.token = v.token))
        ORDER BY p.seq DESC LIMIT ?4
        """)
    static let dropExpiredSignouts = SQLStatement("DELETE FROM console_signouts WHERE expires_at <= ?")
    static let insertSignout = SQLStatement { d in
        d.insertOrIgnore("console_signouts (session_id, app_id, expires_at) VALUES (?, ?, ?)")
    }
    static let signout = SQLStatement("SELECT 1 FROM console_signouts WHERE session_id = ?")
    /// Retention: the oldest finished publishes with deliveries left, a batch of their
    /// deliveries, whether any are left, their receipts, and the mark that they are pruned.
    static let prunablePublishes = SQLStatement { d in
        """
        SELECT id FROM publishes WHERE status IN ('done', 'cancelled') AND \(d.isFalse("pruned")) AND updated_at < ?
        ORDER BY updated_at LIMIT 100
        """
    }
    static let pruneDeliveries = SQLStatement(
        "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE publish_id = ? LIMIT ?)")
    static let anyDelivery = SQLStatement("SELECT 1 FROM deliveries WHERE publish_id = ? LIMIT 1")
    static let pruneEvents = SQLStatement("DELETE FROM events WHERE publish_id = ?")
    static let markPruned = SQLStatement { d in "UPDATE publishes SET pruned = \(d.true) WHERE id = ?" }
    /// Capped sends past every frequency cap's window (`FrequencyCap`), of devices no claim prunes any more.
    static let pruneCappedSends = SQLStatement("DELETE FROM capped_sends WHERE at < ?")
}
