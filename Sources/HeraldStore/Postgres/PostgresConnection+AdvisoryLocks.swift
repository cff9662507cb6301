/// Session-level advisory locks, thin: one `herald serve` of several takes a job that
/// only one may do at a time. A lock is held until unlocked or the session ends (a lost
/// connection lets it go).
extension PostgresConnection {
    /// Takes the lock `key` without waiting: true when this session now holds it (again:
    /// a session may take the same lock more than once and must unlock it as often).
    public func tryAdvisoryLock(_ key: Int64) throws(PostgresError) -> Bool {
        // one store: an advisory lock (SQLite has none)
        try query("SELECT pg_try_advisory_lock($1)", [.int(Int(key))]).first?.bool(0) ?? false
    }

    /// Lets go of the lock `key` once; false when this session did not hold it.
    @discardableResult
    public func advisoryUnlock(_ key: Int64) throws(PostgresError) -> Bool {
        // one store: an advisory lock
        try query("SELECT pg_advisory_unlock($1)", [.int(Int(key))]).first?.bool(0) ?? false
    }
}
