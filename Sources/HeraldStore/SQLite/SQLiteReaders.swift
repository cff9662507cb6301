import Foundation
import HeraldShared

/// Read-only connections beside a store's one writer. In WAL mode a reader sees the last
/// commit and never waits for the writer, so the API's reads (an app's keys, a device, a
/// publish's status, the console) are answered while a fan-out page or a group commit is
/// being written, and they no longer hold the writer up in turn. Each connection serves
/// one call at a time, in one read transaction (one snapshot for all its statements); a
/// call takes a free one, or waits for one within its deadline.
final class SQLiteReaders: @unchecked Sendable {
    private let connections: [(lock: NSLock, connection: SQLiteConnection)]
    private let turn = Locked(0)

    /// Opens `count` connections to the (already migrated) database at `path`; each
    /// refuses any write (`query_only`).
    init(path: String, count: Int, busyTimeout: Double) throws(SQLiteError) {
        var connections: [(lock: NSLock, connection: SQLiteConnection)] = []
        for _ in 0..<max(1, count) {
            let connection = try SQLiteConnection(path: path, synchronous: "NORMAL", busyTimeout: busyTimeout)
            // one store: SQLite's PRAGMA for a connection that only reads
            try connection.executeScript("PRAGMA query_only = 1")
            connections.append((NSLock(), connection))
        }
        self.connections = connections
    }

    /// Every reader's connection (tests trace them).
    var all: [SQLiteConnection] { connections.map(\.connection) }

    /// Runs `body` on a free reader (or the next in turn, once it is free) within `deadline`;
    /// nil when none was free by then.
    func read<T>(by deadline: StoreDeadline, _ body: (SQLiteConnection) throws -> T) throws -> T? {
        let first = turn.withLock { turn -> Int in
            defer { turn &+= 1 }
            return turn
        }
        let order = (0..<connections.count).map { connections[(first &+ $0) % connections.count] }
        guard let reader = order.first(where: { $0.lock.try() }) ?? (order[0].lock.lock(before: deadline.date) ? order[0] : nil) else {
            return nil
        }
        defer { reader.lock.unlock() }
        reader.connection.deadline = deadline
        defer { reader.connection.deadline = nil }
        // One read transaction: every statement of `body` sees the same commit. BEGIN,
        // COMMIT and ROLLBACK are cached statements: parsing them again was a twentieth of
        // a registration's CPU (the key check reads here).
        // one store: SQLite's read transaction
        try reader.connection.execute("BEGIN")
        do {
            let result = try body(reader.connection)
            // one store: as above
            try reader.connection.ending { try reader.connection.execute("COMMIT") }
            return result
        } catch {
            // one store: as above
            _ = try? reader.connection.ending { try reader.connection.execute("ROLLBACK") }
            throw error
        }
    }
}
