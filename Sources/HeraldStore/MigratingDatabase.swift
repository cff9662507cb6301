/// A database `Schema.migrate` runs the migrations on: where it records its version, and
/// how a migration and that record commit together.
protocol MigratingDatabase: StoreDatabase {
    /// Where the schema lives, in the error for one too new ("the data folder", "the database").
    var schemaPlace: String { get }
    /// The latest migration applied (0 for a new database).
    func schemaVersion() throws -> Int
    /// Runs `body` (migration `version`'s statements) and records `version`, in one
    /// transaction; does nothing when another process got there first.
    func apply(_ version: Int, _ body: () throws -> Void) throws
}
