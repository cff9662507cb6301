/// SQLite's side of the migrations: the version in `PRAGMA user_version`, each migration
/// in its own write transaction.
extension SQLiteConnection: MigratingDatabase {
    var schemaPlace: String { "the data folder" }

    func schemaVersion() throws -> Int {
        // one store: SQLite keeps the schema version in the file's header.
        try scalar("PRAGMA user_version") ?? 0
    }

    func apply(_ version: Int, _ body: () throws -> Void) throws {
        try transaction {
            // Another process may have migrated meanwhile: check under the write lock.
            guard try schemaVersion() < version else { return }
            try body()
            // one store: SQLite keeps the schema version in the file's header.
            try executeScript("PRAGMA user_version = \(version)")
        }
    }
}
