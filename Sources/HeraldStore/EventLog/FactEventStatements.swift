import HeraldShared

/// What the events of facts read beside the fact (`SQLStore+FactEvents`).
enum FactEventStatements {
    /// A publish's app and final counts; nothing for Herald's own inbox sync publishes.
    static let publishCounts = SQLStatement(
        "SELECT app_id, targeted, sent, failed, invalidated, capped FROM publishes WHERE id = ? AND inbox_sync IS NULL")
    /// The same counts by platform.
    static let platformCounts = SQLStatement(
        """
        SELECT platform, sum(targeted), sum(sent), sum(failed), sum(invalidated), sum(capped) FROM publish_splits
        WHERE publish_id = ? GROUP BY platform ORDER BY platform
        """)
    /// A publish's app.
    static let publishApp = SQLStatement("SELECT app_id FROM publishes WHERE id = ?")
    /// A device's app, id and user, by seq.
    static let device = SQLStatement("SELECT app_id, id, user_id FROM devices WHERE seq = ?")
    /// Final deliveries, from a list of seqs the store binds its way (after `WHERE`).
    static let finalDeliveries =
        "SELECT \(FinalDelivery.columns) FROM deliveries d JOIN publishes p ON p.id = d.publish_id LEFT JOIN devices v ON v.seq = d.device_seq "
        + "WHERE p.inbox_sync IS NULL AND d.state >= \(DeliveryState.sent.rawValue) AND "

    /// Targeted, sent, failed, invalidated and capped from column `from` on.
    static func counts<Row: StoreRow>(_ row: Row, from first: Int) throws -> [String: JSONValue] {
        var counts: [String: JSONValue] = [:]
        for (offset, name) in ["targeted", "sent", "failed", "invalidated", "capped"].enumerated() {
            counts[name] = .int(try row.int(first + offset))
        }
        return counts
    }
}
