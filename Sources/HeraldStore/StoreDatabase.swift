/// One row of a result, read by column position. The same names on both drivers:
/// `SQLiteStatement` (never throws: SQLite converts any value) and `PostgresRow` (throws
/// for a NULL or a value that does not parse as the type asked for).
protocol StoreRow {
    func isNull(_ column: Int) throws -> Bool
    func string(_ column: Int) throws -> String
    func int(_ column: Int) throws -> Int
    func double(_ column: Int) throws -> Double
    func bool(_ column: Int) throws -> Bool
    func bytes(_ column: Int) throws -> [UInt8]
    func optionalString(_ column: Int) throws -> String?
    func optionalInt(_ column: Int) throws -> Int?
    func optionalDouble(_ column: Int) throws -> Double?
}

/// A connection either store runs its statements on, with the same words on both drivers:
/// `execute` runs one statement (prepared once per connection and cached) and returns how
/// many rows it changed, `query` runs one and reads its rows, `executeScript` runs SQL
/// without parameters or caching (several statements allowed). Each can run a group
/// commit's batch (`GroupCommitDatabase`).
protocol StoreDatabase: GroupCommitDatabase {
    associatedtype Row: StoreRow
    /// How this database's SQL differs from the other's.
    var dialect: SQLDialect { get }
    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue]) throws -> Int
    func query<T>(_ sql: String, _ values: [SQLValue], _ row: (Row) throws -> T) throws -> [T]
    func executeScript(_ sql: String) throws
    /// Whether `error` is this database's report of a unique index refusing a row.
    func isUniqueViolation(_ error: any Error) -> Bool
    /// Logs `events` of app `appID` in the open transaction (SQLite: inserted now, its one
    /// writer commits in sequence order; PostgreSQL: inserted just before COMMIT,
    /// `PostgresConnection+Events`).
    func logEvents(appID: String, _ events: [NewEvent]) throws
}

extension SQLiteStatement: StoreRow {}
extension SQLiteConnection: StoreDatabase {
    var dialect: SQLDialect { .sqlite }

    /// `SQLITE_CONSTRAINT_UNIQUE` or `SQLITE_CONSTRAINT_PRIMARYKEY`.
    func isUniqueViolation(_ error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return error.code == 2067 || error.code == 1555
    }

    func logEvents(appID: String, _ events: [NewEvent]) throws {
        try insertEvents(appID: appID, events)
        loggedEvents.append((appID, events.count))
    }

    var eventMark: Int { loggedEvents.count }
    func dropEvents(from mark: Int) { loggedEvents.removeSubrange(mark...) }
}

extension PostgresConnection: StoreDatabase {
    var dialect: SQLDialect { .postgres }

    func isUniqueViolation(_ error: any Error) -> Bool { (error as? PostgresError)?.reason == .uniqueViolation }

    func query<T>(_ sql: String, _ values: [SQLValue], _ row: (PostgresRow) throws -> T) throws -> [T] {
        try query(sql, values).map(row)
    }
}
