@testable import HeraldGateway

/// Databases as an older release left them: the first `version` migrations applied, and
/// the version recorded where that store keeps it.
enum SchemaVersions {
    static func migrate(_ db: SQLiteConnection, to version: Int) throws {
        for sql in Schema.migrations.prefix(version) { try db.executeScript(sql) }
        try db.executeScript("PRAGMA user_version = \(version)")
    }

    static func migrate(_ db: PostgresConnection, to version: Int) throws {
        try db.executeScript("CREATE TABLE herald_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
        for (index, sql) in PostgresSchema.migrations.prefix(version).enumerated() {
            try db.executeScript(sql)
            try db.execute("INSERT INTO herald_schema (version) VALUES ($1)", [.int(index + 1)])
        }
    }
}
