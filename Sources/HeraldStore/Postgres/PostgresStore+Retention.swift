
extension PostgresStore {
    /// As `SQLiteStore.pruneFinished`, by one process at a time: a step that finds another
    /// process pruning (its transaction holds the retention lock) does nothing and says
    /// there is nothing more, so several gateways do not delete the same rows.
    public func pruneFinished(before: Double, limit: Int) throws -> PruneProgress {
        try write { db in
            // one store: an advisory lock; SQLite's one writer needs none
            guard try db.query("SELECT pg_try_advisory_xact_lock($1)", [.int(Int(PostgresSchema.LockKey.retention))])[0].bool(0) else {
                return PruneProgress(deleted: 0, more: false)
            }
            return try Self.prune(db, before: before, limit: limit)
        }
    }
}
