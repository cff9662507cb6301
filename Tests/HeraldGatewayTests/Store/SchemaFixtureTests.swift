import Foundation
import HeraldServerTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// A database migrated from empty, or from any earlier schema version, has exactly the
/// tables, columns, indexes, constraints and triggers recorded in `Fixtures/` for its store.
/// `HERALD_RECORD_SCHEMA=1` writes the fixtures from the migrations instead (and fails, so
/// a recording run is never taken for a passing one).
@Suite("Store: the migrations' schema, against the fixtures")
struct SchemaFixtureTests {
    @Test("each version's schema, and the latest reached from every earlier version, match the fixtures", arguments: StoreKind.tested)
    func everyVersion(_ kind: StoreKind) throws {
        let latest = Schema.latest
        if ProcessInfo.processInfo.environment["HERALD_RECORD_SCHEMA"] == "1" {
            var versions: [Int: [String]] = [:]
            for version in 1...latest { versions[version] = try Self.snapshot(kind, at: version, thenLatest: false).before }
            try SchemaFixture.write(versions, store: kind)
            Issue.record("recorded \(kind)'s schema fixtures; run again without HERALD_RECORD_SCHEMA to compare")
            return
        }
        let fixture = try SchemaFixture(store: kind)
        #expect(fixture.versions.keys.sorted() == Array(1...latest), "a fixture section per migration")
        for version in 0...latest {
            let (before, after) = try Self.snapshot(kind, at: version, thenLatest: true)
            if version > 0 { Self.expectSame(before, fixture.versions[version] ?? [], "\(kind) at version \(version)") }
            Self.expectSame(after, fixture.versions[latest] ?? [], "\(kind) upgraded from version \(version)")
        }
    }

    @Test("the migrations are numbered 1, 2, … in the order they run")
    func numbering() {
        #expect(SchemaStatements.migrations.map(\.version) == Array(1...Schema.latest))
    }

    /// Expects `actual` to be `expected`, naming the lines that differ.
    static func expectSame(_ actual: [String], _ expected: [String], _ what: String) {
        let missing = expected.filter { !actual.contains($0) }, extra = actual.filter { !expected.contains($0) }
        #expect(
            actual == expected,
            "\(what): missing\n\(missing.joined(separator: "\n"))\nunexpected\n\(extra.joined(separator: "\n"))")
    }

    /// A new database of `kind` at schema `version` (its snapshot), then, if `thenLatest`,
    /// opened by the store, which migrates it to the latest (its snapshot).
    static func snapshot(_ kind: StoreKind, at version: Int, thenLatest: Bool) throws -> (before: [String], after: [String]) {
        switch kind {
        case .sqlite:
            let folder = TemporaryFolder()
            defer { folder.cleanup() }
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            let db = try SQLiteConnection(path: folder.url.appendingPathComponent("herald.sqlite").path)
            if version > 0 { try Schema.migrate(db, upTo: version) }
            let before = try SchemaSnapshot.sqlite(db)
            guard thenLatest else { return (before, []) }
            let store = try SQLiteStore(directory: folder.url)
            return (before, try store.read { try SchemaSnapshot.sqlite($0) })
        case .postgres:
            let database = try PostgresTestDatabase()
            let db = try PostgresConnection(url: database.url)
            if version > 0 { try PostgresSchema.migrate(db, upTo: version) }
            let before = try SchemaSnapshot.postgres(db)
            guard thenLatest else { return (before, []) }
            _ = try PostgresStore(url: database.url, connections: 1)
            return (before, try SchemaSnapshot.postgres(db))
        }
    }
}
