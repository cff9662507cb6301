
extension SQLiteStore {
    public func pruneFinished(before: Double, limit: Int) throws -> PruneProgress {
        try write { db in
            // The oldest publishes done or cancelled before `before` that still have
            // per-device rows (a partial index keeps this cheap however many there are).
            let publishes = try db.query(
                """
                SELECT id FROM publishes WHERE status IN ('done', 'cancelled') AND pruned = 0 AND updated_at < ?
                ORDER BY updated_at LIMIT 100
                """, [.double(before)]
            ) { $0.text(0) }
            var deleted = 0
            var finished = 0
            for id in publishes where deleted < limit {
                // A batch at a time, so the write lock is short; the counters stay on the publish row.
                deleted += try db.run(
                    "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE publish_id = ? LIMIT ?)",
                    [.text(id), .int(limit - deleted)])
                guard try db.scalar("SELECT 1 FROM deliveries WHERE publish_id = ? LIMIT 1", [.text(id)]) == nil else { break }
                // No deliveries left: the receipts' keys go too (a late receipt is then
                // refused as not targeted, so nothing is counted twice).
                _ = try db.run("DELETE FROM events WHERE publish_id = ?", [.text(id)])
                _ = try db.run("UPDATE publishes SET pruned = 1 WHERE id = ?", [.text(id)])
                finished += 1
            }
            return PruneProgress(deleted: deleted, more: finished < publishes.count || publishes.count == 100)
        }
    }
}

/// What one pruning step did.
public struct PruneProgress: Sendable, Hashable {
    /// Delivery rows deleted.
    public var deleted: Int
    /// Whether old rows are left for another step.
    public var more: Bool
}
