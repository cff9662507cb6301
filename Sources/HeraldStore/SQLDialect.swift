/// What differs between the SQL the two databases take. Statements shared by both stores
/// are written once, for SQLite (`?` or `?N` placeholders), and rendered through the dialect.
enum SQLDialect: Sendable {
    case sqlite
    case postgres

    /// `sql` for this database: on PostgreSQL, `?` becomes `$1`, `$2`, … in order and `?N`
    /// becomes `$N`.
    func render(_ sql: String) -> String {
        guard self == .postgres else { return sql }
        var text = "", number = 0
        var characters = sql.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            guard character == "?" else {
                text.append(character)
                continue
            }
            var digits = ""
            while let next = pending, next.isASCII, next.isNumber {
                digits.append(next)
                pending = characters.next()
            }
            if digits.isEmpty {
                number += 1
                digits = String(number)
            }
            text += "$" + digits
        }
        return text
    }

    /// The larger of two values (SQLite's two-argument `max`).
    func greatest(_ a: String, _ b: String) -> String { self == .sqlite ? "max(\(a), \(b))" : "greatest(\(a), \(b))" }

    /// A Boolean literal: SQLite stores them as 1 and 0.
    var `true`: String { self == .sqlite ? "1" : "true" }
    var `false`: String { self == .sqlite ? "0" : "false" }

    /// A condition that a Boolean column holds true, or false (SQLite's partial indexes
    /// match `column = 0` written as such).
    func isTrue(_ column: String) -> String { self == .sqlite ? "\(column) = 1" : column }
    func isFalse(_ column: String) -> String { self == .sqlite ? "\(column) = 0" : "NOT \(column)" }

    /// An ORDER BY term that sorts text bytewise: SQLite's default; PostgreSQL's needs the
    /// "C" collation.
    func binaryOrder(_ column: String) -> String { self == .sqlite ? column : "\(column) COLLATE \"C\"" }

    /// After a SELECT of rows the transaction goes on to change: PostgreSQL locks them
    /// (other processes' writers wait); SQLite's one writer needs no lock.
    var forUpdate: String { self == .sqlite ? "" : " FOR UPDATE" }

    /// After a SELECT of a row the transaction's changes depend on: PostgreSQL share-locks it.
    var forShare: String { self == .sqlite ? "" : " FOR SHARE" }

    /// After a SELECT that picks a row to work on: PostgreSQL locks it and skips rows other
    /// processes hold; SQLite's one writer needs neither.
    var forUpdateSkipLocked: String { self == .sqlite ? "" : " FOR UPDATE SKIP LOCKED" }

    /// `INSERT INTO <rest>` that adds nothing when a row with the same `conflict` key (any
    /// key when nil) is there (SQLite's `INSERT OR IGNORE`, PostgreSQL's `ON CONFLICT … DO NOTHING`).
    func insertOrIgnore(_ rest: String, conflict: String? = nil) -> String {
        guard self == .postgres else { return "INSERT OR IGNORE INTO \(rest)" }
        return "INSERT INTO \(rest) ON CONFLICT \(conflict.map { "(\($0)) " } ?? "")DO NOTHING"
    }

    // The schema's column types (`SchemaStatements`): SQLite's type affinities, PostgreSQL's
    // types by width.

    /// A row key the database numbers: SQLite's rowid, PostgreSQL's identity column.
    var rowKey: String { self == .sqlite ? "INTEGER PRIMARY KEY" : "bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY" }
    /// A row key the database numbers and never numbers again, even once the row with the
    /// highest is deleted (SQLite's AUTOINCREMENT; PostgreSQL's identity columns never reuse).
    var increasingRowKey: String { self == .sqlite ? "INTEGER PRIMARY KEY AUTOINCREMENT" : rowKey }
    var smallInteger: String { self == .sqlite ? "INTEGER" : "smallint" }
    var integer: String { self == .sqlite ? "INTEGER" : "integer" }
    var bigInteger: String { self == .sqlite ? "INTEGER" : "bigint" }
    /// Times (seconds since 1970) and other fractions.
    var real: String { self == .sqlite ? "REAL" : "double precision" }
    var boolean: String { self == .sqlite ? "INTEGER" : "boolean" }
    var bytes: String { self == .sqlite ? "BLOB" : "bytea" }
    /// JSON kept as written on SQLite, parsed on PostgreSQL.
    var json: String { self == .sqlite ? "TEXT" : "jsonb" }
    /// After a table with a primary key and no row numbers: SQLite stores its rows in the
    /// key's b-tree (PostgreSQL always keeps a table apart from its indexes).
    var withoutRowID: String { self == .sqlite ? " WITHOUT ROWID" : "" }

    /// The whole seconds of a time column (SQLite's cast truncates; PostgreSQL's would round).
    func wholeSeconds(_ column: String) -> String { self == .sqlite ? "CAST(\(column) AS INTEGER)" : "floor(\(column))::bigint" }
}
