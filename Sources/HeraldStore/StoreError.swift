import HeraldShared

/// A store operation failed: why, in words a caller can act on.
public typealias StoreError = ReasonError<StoreFailure>

/// Why: the reasons of a `StoreError`.
public enum StoreFailure: Sendable, Hashable {
    /// The database itself failed (I/O, corrupt): SQLite's result code, or 0 from
    /// PostgreSQL (its SQLSTATE is in the message).
    case database(code: Int32)
    /// The database cannot be reached now (the server is down, restarting or silent past
    /// the call's deadline, the connection was lost, every pooled connection stayed
    /// busy, the SQLite file stayed locked by another process) or gave up on a
    /// transaction that kept colliding with others: try again.
    case unavailable
    /// A limit would be exceeded (devices per user).
    case limitExceeded
    /// A storage quota of the server would be exceeded (`DeviceQuota`): nothing was stored.
    case quotaExceeded
    /// The thing named does not exist.
    case notFound
    /// A statement ran past the call's deadline and was stopped there (SQLite interrupted
    /// it; PostgreSQL's `statement_timeout` or a cancel ended it): the database works, the
    /// work asked was too costly (a count or a fan-out step with a costly filter). Nothing
    /// it would have written was kept; trying again costs as much.
    case timedOut
    /// The request conflicts with the current state (cancel a publish already sending).
    case conflict
    /// An idempotency key already names a publish made from another request.
    case idempotencyKeyReused
    /// The stored data is from a newer Herald.
    case unsupportedSchema
}

extension ReasonError where Reason == StoreFailure {
    /// SQLite's error on the database `file` as the store's: the file locked past the
    /// deadline is `.unavailable`.
    init(_ error: SQLiteError, file: String) {
        if error.isInterrupted {
            self.init(
                .timedOut,
                "a statement ran past the store timeout and was stopped there (nothing it would have written was kept): "
                    + "\(error.sql.map { String($0.prefix(120)) } ?? "a statement"); a filter this costly is better narrowed, "
                    + "else try again")
            return
        }
        guard error.isLocked else {
            self.init(.database(code: error.code), error.description)
            return
        }
        self.init(
            .unavailable,
            "the database file \(file) is locked by another process (herald app, a sqlite3 shell, a backup) past the store timeout: \(error.description)"
        )
    }
}
