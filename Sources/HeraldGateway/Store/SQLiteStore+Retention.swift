import HeraldCore

extension SQLiteStore {
    public func pruneFinished(before: Double, limit: Int) throws -> Int {
        try write { db in
            // Publishes done or cancelled before `before`: their deliveries, a batch at a
            // time so the write lock is short; their counters stay on the publish row.
            let deleted = try db.run(
                """
                DELETE FROM deliveries WHERE seq IN (
                    SELECT d.seq FROM publishes p JOIN deliveries d ON d.publish_id = p.id
                    WHERE p.status IN ('done', 'cancelled') AND p.updated_at < ? LIMIT ?)
                """, [.double(before), .int(limit)])
            if deleted < limit {
                // Those publishes have no deliveries left: their receipts go too (a late
                // receipt is then refused as not targeted, so nothing is counted twice).
                _ = try db.run(
                    """
                    DELETE FROM events WHERE publish_id IN (
                        SELECT id FROM publishes WHERE status IN ('done', 'cancelled') AND updated_at < ?)
                    """, [.double(before)])
            }
            return deleted
        }
    }
}
