
extension PostgresStore {
    /// As `SQLiteStore.pruneFinished`, by one process at a time: a step that finds another
    /// process pruning (its transaction holds the retention lock) does nothing and says
    /// there is nothing more, so several gateways do not delete the same rows.
    public func pruneFinished(before: Double, limit: Int) throws -> PruneProgress {
        try write { db in
            guard try db.query("SELECT pg_try_advisory_xact_lock($1)", [.int(Int(PostgresSchema.LockKey.retention))])[0].bool(0) else {
                return PruneProgress(deleted: 0, more: false)
            }
            let publishes = try db.query(
                """
                SELECT id FROM publishes WHERE status IN ('done', 'cancelled') AND NOT pruned AND updated_at < $1
                ORDER BY updated_at LIMIT 100
                """, [.double(before)]
            ).map { try $0.string(0) }
            var deleted = 0
            var finished = 0
            for id in publishes where deleted < limit {
                // A batch at a time, so the transaction stays short; the counters stay on the publish row.
                deleted += try db.execute(
                    "DELETE FROM deliveries WHERE seq IN (SELECT seq FROM deliveries WHERE publish_id = $1 LIMIT $2)",
                    [.text(id), .int(limit - deleted)])
                guard try db.query("SELECT 1 FROM deliveries WHERE publish_id = $1 LIMIT 1", [.text(id)]).isEmpty else { break }
                // No deliveries left: the receipts' keys go too (a late receipt is then
                // refused as not targeted, so nothing is counted twice).
                try db.execute("DELETE FROM events WHERE publish_id = $1", [.text(id)])
                try db.execute("UPDATE publishes SET pruned = true WHERE id = $1", [.text(id)])
                finished += 1
            }
            return PruneProgress(deleted: deleted, more: finished < publishes.count || publishes.count == 100)
        }
    }
}
