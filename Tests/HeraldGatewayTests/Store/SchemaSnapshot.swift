import Foundation
import HeraldServerTestSupport
@testable import HeraldGateway
@testable import HeraldStore

/// What a store's migrations made of a database, as sorted text lines that compare across
/// runs: SQLite's `sqlite_master` (type, name, table, SQL), PostgreSQL's columns (table,
/// column, type, nullability, default, identity), indexes, constraints, triggers and
/// trigger functions. SQL text is normalised (whitespace runs as one space, none inside
/// parentheses), so a statement laid out differently reads the same.
enum SchemaSnapshot {
    /// The lines of a SQLite database.
    static func sqlite(_ db: SQLiteConnection) throws -> [String] {
        try db.query("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name") { row in
            ["sqlite_master", row.string(0), row.string(1), row.string(2), normalised(row.optionalString(3) ?? "")].joined(separator: " | ")
        }
    }

    /// The lines of a PostgreSQL database's `public` schema.
    static func postgres(_ db: PostgresConnection) throws -> [String] {
        let queries = [
            (
                "column", 7,
                """
                SELECT table_name, column_name, data_type, is_nullable, coalesce(column_default, ''), is_identity,
                    coalesce(identity_generation, '')
                FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
                """
            ),
            ("index", 3, "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname"),
            (
                "constraint", 3,
                """
                SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint
                WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2
                """
            ),
            (
                "trigger", 3,
                "SELECT tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2"
            ),
            ("function", 2, "SELECT proname, prosrc FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1"),
        ]
        var lines: [String] = []
        for (kind, columns, sql) in queries {
            for row in try db.query(sql) {
                let fields = try (0..<columns).map { try normalised(row.string($0)) }
                lines.append(([kind] + fields).joined(separator: " | "))
            }
        }
        return lines
    }

    /// `sql` with whitespace runs as one space and none after `(` or before `)`.
    static func normalised(_ sql: String) -> String {
        let words = sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
    }
}

/// The expected snapshots of a store at every schema version, kept in
/// `Fixtures/schema-<store>.txt` as sections headed `## version N`.
struct SchemaFixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    let url: URL
    var versions: [Int: [String]]

    init(store: StoreKind) throws {
        url = Self.folder.appendingPathComponent("schema-\(store.rawValue).txt")
        versions = [:]
        var current: Int?
        for line in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n") where !line.isEmpty {
            if line.hasPrefix("## version ") {
                current = Int(line.dropFirst("## version ".count))
                if let current { versions[current] = [] }
            } else if let current {
                versions[current, default: []].append(line)
            }
        }
    }

    /// Writes `versions` to `store`'s fixture file.
    static func write(_ versions: [Int: [String]], store: StoreKind) throws {
        let text = versions.keys.sorted().map { (["## version \($0)"] + (versions[$0] ?? [])).joined(separator: "\n") }.joined(
            separator: "\n\n")
        try (text + "\n").write(to: folder.appendingPathComponent("schema-\(store.rawValue).txt"), atomically: true, encoding: .utf8)
    }
}
