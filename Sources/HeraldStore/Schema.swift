/// Runs the migrations of `SchemaStatements` on either store's database, the same way: each
/// migration not yet applied, in order, in its own transaction with the version it reaches
/// (`MigratingDatabase`: SQLite keeps it in `PRAGMA user_version`, PostgreSQL in
/// `herald_schema`); a database newer than this code is refused.
enum Schema {
    /// The latest version: the number of migrations.
    static var latest: Int { SchemaStatements.migrations.count }

    /// Brings `db` up to `target` (the latest unless a test asks for an older one).
    static func migrate<Database: MigratingDatabase>(_ db: Database, upTo target: Int = latest) throws {
        let current = try db.schemaVersion()
        guard current <= latest else { throw newer(db.schemaPlace, schema: current, known: latest) }
        for migration in SchemaStatements.migrations where migration.version > current && migration.version <= target {
            try db.apply(migration.version) { try db.executeScript(migration.statements(db.dialect)) }
        }
    }

    /// The error for stored data (`place`: "the data folder", "the database") whose schema
    /// is from a newer Herald: both stores refuse it in the same words.
    static func newer(_ place: String, schema: Int, known: Int) -> StoreError {
        StoreError(
            .unsupportedSchema, "\(place) was written by a newer Herald (schema \(schema), this one knows \(known)); use that version")
    }
}

/// Delivery states as stored.
public enum DeliveryState: Int, Sendable, Hashable {
    case pending = 0, inFlight = 1, sent = 2, failed = 3, invalidated = 4, cancelled = 5, capped = 6

    /// The name the API and the console give it.
    public var name: String {
        switch self {
        case .pending: "pending"
        case .inFlight: "sending"
        case .sent: "sent"
        case .failed: "failed"
        case .invalidated: "invalidated"
        case .cancelled: "cancelled"
        case .capped: "capped"
        }
    }
}
