/// PostgreSQL's side of the migrations (`Schema.migrate` runs `SchemaStatements`' list):
/// one row per migration applied in `herald_schema`, each committed with its migration,
/// and an advisory lock so that two processes starting at once take turns.
enum PostgresSchema {
    /// Session advisory lock keys of Herald ("herald" in ASCII, then a number): one process
    /// at a time migrates, prunes.
    enum LockKey {
        static let migrations: Int64 = 0x6865_7261_6C64_0001
        static let retention: Int64 = 0x6865_7261_6C64_0002
    }

    /// Brings the database up to `target` (the latest unless a test asks for an older one),
    /// under the advisory lock (the second process finds the work done).
    static func migrate(_ connection: PostgresConnection, upTo target: Int = Schema.latest) throws {
        // one store: two gateways on one database migrate in turn.
        try connection.execute("SELECT pg_advisory_lock($1)", [.int(Int(LockKey.migrations))])
        defer { _ = try? connection.advisoryUnlock(LockKey.migrations) }
        // Checked first (under the lock) rather than IF NOT EXISTS, whose notice libpq would print.
        // one store: PostgreSQL records each migration in herald_schema (SQLite in its header).
        if try connection.query("SELECT to_regclass('herald_schema') IS NULL")[0].bool(0) {
            // one store: PostgreSQL records each migration in herald_schema (SQLite in its header).
            try connection.executeScript(
                "CREATE TABLE herald_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
        }
        try Schema.migrate(connection, upTo: target)
    }
}
