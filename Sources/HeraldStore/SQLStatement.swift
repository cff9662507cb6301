/// One statement both stores run, written once with SQLite's `?` and `?N` placeholders
/// (and `SQLDialect`'s fragments where the databases differ), and rendered for each
/// database when the catalog that declares it is first used.
///
/// The catalogs (`AppStatements`, `DeviceStatements`, …) declare each statement once, as a
/// static constant beside its documentation; the stores pass it to `StoreDatabase`, which
/// takes the text for its own database.
struct SQLStatement: Sendable {
    private let sqlite: String
    private let postgres: String

    /// A statement the same in both databases but for its placeholders.
    init(_ text: String) {
        sqlite = text
        postgres = SQLDialect.postgres.render(text)
    }

    /// A statement with fragments that differ by database.
    init(_ make: (SQLDialect) -> String) {
        sqlite = make(.sqlite)
        postgres = SQLDialect.postgres.render(make(.postgres))
    }

    /// The statement's text for `dialect`.
    func text(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }
}

/// A lock only PostgreSQL takes, held to the commit (a row lock, a transaction advisory
/// lock): SQLite's one writer needs none. `StoreDatabase.lock` takes it on PostgreSQL and
/// does nothing on SQLite, so there is no SQLite text to run by mistake.
struct PostgresLock: Sendable {
    let text: String

    init(_ text: String) {
        self.text = SQLDialect.postgres.render(text)
    }
}

extension StoreDatabase {
    /// Takes `lock` on PostgreSQL; nothing on SQLite.
    func lock(_ lock: PostgresLock, _ values: [SQLValue]) throws {
        guard dialect == .postgres else { return }
        try execute(lock.text, values)
    }

    @discardableResult
    func execute(_ statement: SQLStatement, _ values: [SQLValue]) throws -> Int {
        try execute(statement.text(dialect), values)
    }

    func query<T>(_ statement: SQLStatement, _ values: [SQLValue], _ row: (Row) throws -> T) throws -> [T] {
        try query(statement.text(dialect), values, row)
    }
}
