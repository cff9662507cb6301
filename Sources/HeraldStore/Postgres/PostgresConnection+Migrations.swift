/// PostgreSQL's side of `Schema.migrate`: the versions in `herald_schema` (which
/// `PostgresSchema.migrate` makes), each row committed with its migration.
extension PostgresConnection: MigratingDatabase {
    var schemaPlace: String { "the database" }

    /// The latest migration applied (0 for a new database).
    func schemaVersion() throws -> Int {
        // one store: PostgreSQL records each migration in herald_schema (SQLite in its header).
        try query("SELECT coalesce(max(version), 0) FROM herald_schema")[0].int(0)
    }

    func apply(_ version: Int, _ body: () throws -> Void) throws {
        try transaction { connection in
            try body()
            // one store: PostgreSQL records each migration in herald_schema (SQLite in its header).
            try connection.execute("INSERT INTO herald_schema (version) VALUES ($1)", [.int(version)])
        }
    }
}
