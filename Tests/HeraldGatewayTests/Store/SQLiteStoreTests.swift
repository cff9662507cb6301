import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// What only the SQLite store has: its data folder, WAL, `PRAGMA user_version`.
@Suite("SQLite store: the data folder")
struct SQLiteStoreTests {
    @Test("the data survives reopening, and the schema version is recorded")
    func reopen() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        do {
            let store = try SQLiteStore(directory: folder.url)
            try store.createApp(AppRecord(id: "a", name: "A", bundleID: "b", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1))
        }
        let reopened = try SQLiteStore(directory: folder.url)
        #expect(try reopened.app(id: "a")?.name == "A")
        #expect(try reopened.read { try $0.scalar("PRAGMA user_version") } == Schema.latest)
        #expect(try reopened.read { try $0.query("PRAGMA journal_mode", [], { $0.string(0) }) } == ["wal"])
    }

    @Test("a data folder from a newer Herald is refused, not damaged, in words that say so")
    func newerSchema() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        do {
            let store = try SQLiteStore(directory: folder.url)
            _ = try store.read { try $0.execute("PRAGMA user_version = 99") }
        }
        #expect {
            try SQLiteStore(directory: folder.url)
        } throws: { error in
            (error as? StoreError)?.reason == .unsupportedSchema
                && "\(error)"
                    == "the data folder was written by a newer Herald (schema 99, this one knows \(Schema.latest)); use that version"
        }
    }

    @Test("a folder that cannot be created is a clear error")
    func badFolder() throws {
        #expect {
            try SQLiteStore(directory: URL(fileURLWithPath: "/proc/herald-cannot-be-here"))
        } throws: { error in
            "\(error)".contains("/proc/herald-cannot-be-here")
        }
    }
}
