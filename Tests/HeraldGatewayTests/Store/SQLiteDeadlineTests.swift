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

    @Test("a call that holds the writer past the deadline: the next write is .unavailable after the deadline, then it works; reads are answered meanwhile")
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
        // A read goes to a reader beside the writer: answered while the writer is held.
        #expect(try store.apps().isEmpty)
        #expect(try store.app(id: "a") == nil)
        let started = Date()
        let error = try #require(throws: StoreError.self) { try store.createApp(Self.app("a")) }
        let elapsed = Date().timeIntervalSince(started)
        release.signal()
        held.wait()
        #expect(error.reason == .unavailable)
        #expect(error.message.contains("kept its database connection busy for the whole 0.5 s store timeout"), "\(error)")
        #expect(elapsed >= 0.45 && elapsed < 1.5, "took \(elapsed) s")
        try store.createApp(Self.app("a"))
        #expect(try store.apps().map(\.id) == ["a"], "a reader sees the last commit")
    }

    @Test("a read's statements see one commit: a write committed meanwhile shows in the next read, not in this one")
    func oneSnapshot() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url, durability: .normal, timeout: 0.5)
        let counts = try store.snapshot { db -> [Int] in
            let before = try db.scalar("SELECT count(*) FROM apps") ?? -1
            try store.createApp(Self.app("a"))  // the writer does not wait for the readers
            return [before, try db.scalar("SELECT count(*) FROM apps") ?? -1]
        }
        #expect(counts == [0, 0])
        #expect(try store.apps().map(\.id) == ["a"])
    }

    @Test(
        "readers refuse writes, and every reader busy: a read waits for one within its deadline, then is .unavailable; key checks are answered meanwhile"
    )
    func readers() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url, durability: .normal, timeout: 0.5)
        let refused = try #require(throws: StoreError.self) { try store.snapshot { try $0.execute("CREATE TABLE t (x)") } }
        #expect("\(refused)".contains("readonly"), "\(refused)")
        try store.createApp(Self.app("k"))
        let held = HeldCalls(store.snapshotReaderCount) { hold in try store.snapshot { _ in hold() } }
        let error = try #require(throws: StoreError.self) { try store.apps() }
        #expect(error.reason == .unavailable)
        // Key checks (and the health probe, which asks the same) read on connections of their own.
        #expect(try store.app(id: "k", includingCredentials: false)?.serverKeyHash == "s")
        #expect(try store.deviceID(appID: "k", keyHash: "x") == nil)
        try store.createApp(Self.app("a"))  // the writer is free meanwhile
        held.release()
        #expect(try store.apps().map(\.id) == ["a", "k"])
    }

    @Test("a statement still running at its deadline is stopped there, on the writer and on a reader; both connections work after")
    func runawayStatement() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url, durability: .normal, timeout: 0.5)
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        for (name, run) in [("writer", { try store.write { db in try db.scalar(endless) } }), ("reader", { try store.snapshot { db in try db.scalar(endless) } })]
            as [(String, () throws -> Int?)]
        {
            let started = Date()
            let error = try #require(throws: StoreError.self) { _ = try run() }
            let elapsed = Date().timeIntervalSince(started)
            #expect(error.reason == .timedOut, "\(name)")
            #expect(error.message.contains("a statement ran past the store timeout and was stopped there"), "\(name): \(error)")
            #expect(elapsed >= 0.45 && elapsed < 1.5, "\(name) took \(elapsed) s")
        }
        try store.createApp(Self.app("a"))
        #expect(try store.apps().map(\.id) == ["a"])
    }
}
