/// The event log's statements (`SQLStore+EventLog`), written once for both stores.
enum EventLogStatements {
    /// A transaction advisory lock on an app's log ("HEVL" the class, the app's hash the
    /// key), taken just before a PostgreSQL transaction inserts the app's events and held
    /// to its commit.
    static let lockApp = PostgresLock("SELECT pg_advisory_xact_lock(1212503628, hashtext(?))")
    /// An app's events after `?2`, at most `?3`, in log order.
    static let page = SQLStatement("SELECT seq, type, at, data FROM event_log WHERE app_id = ?1 AND seq > ?2 ORDER BY seq LIMIT ?3")
    /// The app's last event.
    static let end = SQLStatement("SELECT max(seq) FROM event_log WHERE app_id = ?")
    /// The app's first event at or after `?2` (a replay starts just before it).
    static let firstSince = SQLStatement("SELECT min(seq) FROM event_log WHERE app_id = ?1 AND at >= ?2")
    /// Of the `?2` oldest events, those written before `?1` (the log is in time order but
    /// for transactions that committed late, which a later step takes): a read of the
    /// table's first rows, never a scan of it.
    static let prune = SQLStatement("DELETE FROM event_log WHERE seq IN (SELECT seq FROM event_log ORDER BY seq LIMIT ?2) AND at < ?1")

    /// Inserts of 1, 2, 4 … `maxRows` events at once (an app, type, time and data each):
    /// a batch is written as a sum of these, so each database prepares a handful of texts.
    static let maxRows = 64
    static let inserts: [Int: SQLStatement] = Dictionary(
        uniqueKeysWithValues: sequence(first: 1, next: { $0 < maxRows ? $0 * 2 : nil }).map { rows in
            (rows, SQLStatement("INSERT INTO event_log (app_id, type, at, data) VALUES " + Array(repeating: "(?, ?, ?, ?)", count: rows).joined(separator: ", ")))
        })
}
