import Foundation
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("SQLite deadlines: a locked file or a busy connection costs a call its deadline")
struct SQLiteDeadlineTests {
    private static func app(_ id: String) -> AppRecord {
        AppRecord(id: id, name: id, bundleID: "b", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1)
    }

    @Test(
        "another process's exclusive lock: a write is .unavailable within the deadline, saying the file is locked, and works once it is released"
    )
    func lockedFile() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url, durability: .normal, timeout: 0.5)
        let path = folder.url.appendingPathComponent("herald.sqlite").path
        let other = try SQLiteConnection(path: path)
        try other.executeScript("BEGIN EXCLUSIVE")
        let started = Date()
        let error = try #require(throws: StoreError.self) { try store.createApp(Self.app("a")) }
        let elapsed = Date().timeIntervalSince(started)
        #expect(error.reason == .unavailable)
        #expect(error.message.contains("the database file \(path) is locked by another process"), "\(error)")
        #expect(elapsed >= 0.45 && elapsed < 1.5, "took \(elapsed) s")
        try other.executeScript("ROLLBACK")
        try store.createApp(Self.app("a"))
        #expect(try store.apps().map(\.id) == ["a"])
    }

    @Test("a call that holds the connection past the deadline: the next call is .unavailable after the deadline, then it works")
    func busyConnection() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url, durability: .normal, timeout: 0.5)
        let holding = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), held = DispatchSemaphore(value: 0)
        // The holder is a thread of its own: waiting for it never needs a thread of the
        // test's concurrency pool, which other tests may be holding.
        let holder = Thread {
            try? store.read { _ in
                holding.signal()
                release.wait()
            }
            held.signal()
        }
        holder.start()
        holding.wait()
        let started = Date()
        let error = try #require(throws: StoreError.self) { try store.apps() }
        let elapsed = Date().timeIntervalSince(started)
        release.signal()
        held.wait()
        #expect(error.reason == .unavailable)
        #expect(error.message.contains("kept its database connection busy for the whole 0.5 s store timeout"), "\(error)")
        #expect(elapsed >= 0.45 && elapsed < 1.5, "took \(elapsed) s")
        #expect(try store.apps().isEmpty)
    }
}
