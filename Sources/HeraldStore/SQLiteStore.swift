import Foundation
import HeraldAPNsModel
import HeraldFCMModel
import HeraldShared

/// The embedded store: one SQLite database (WAL) in the data folder, `herald.sqlite`.
///
/// One writer connection, one lock: writes from the HTTP threads and the workers take
/// turns, each in its own transaction (device writes made at the same moment share one,
/// `deviceWrite`); reads go to connections beside it (`snapshot`, `SQLiteReaders`).
/// Other processes (`herald app` while `herald serve` runs) share the file through
/// SQLite's locks. Each call ends within `timeout` seconds:
/// one that waits longer for its turn, or for another process's lock on the file, throws
/// `.unavailable`.
public final class SQLiteStore: GatewayStore, @unchecked Sendable {
    public let directory: URL
    let connection: SQLiteConnection
    private let lock = NSLock()
    /// Where `snapshot` reads, beside the writer (`SQLiteReaders`).
    private let readers: SQLiteReaders
    /// Where `keyRead` reads: readers no other read takes.
    private let keyReaders: SQLiteReaders
    /// An app whose row is read, as a decoy, when authorization asks for an unknown app
    /// (see `appKeys`); found once there is an app.
    let decoyAppID = Locked<String?>(nil)
    /// Device writes share transactions (`deviceWrite`).
    let deviceWrites = GroupCommit<SQLiteConnection>()

    /// How commits reach the disk. Every commit survives a crash of the process (kill -9):
    /// it is in the WAL, in the kernel's page cache. Surviving power loss needs an fsync.
    public enum Durability: String, Sendable, CaseIterable {
        /// fsync on every commit (about one disk flush per registration).
        case full
        /// The default: publishes (create, cancel) are fsync'd before the answer; device
        /// registrations, events and delivery bookkeeping reach the disk with the next
        /// publish or checkpoint (a device registers again at its next launch).
        case publishes
        /// No fsync at commit; the WAL is flushed at checkpoints only.
        case normal
    }

    public let durability: Durability
    /// The process this store claims deliveries for.
    public let instance: GatewayInstance
    /// Each call's deadline, in seconds.
    public let timeout: Double

    /// Opens (creating, with mode 0700) the data folder and its database, and migrates it.
    public init(
        directory: URL, durability: Durability = .publishes, timeout: Double = StoreDeadline.defaultTimeout,
        instance: GatewayInstance = .current()
    ) throws {
        self.directory = directory
        self.durability = durability
        self.timeout = timeout
        self.instance = instance
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError(.database(code: 14), "cannot create the data folder \(directory.path): \(error.localizedDescription)")
        }
        let path = directory.appendingPathComponent("herald.sqlite").path
        do {
            connection = try SQLiteConnection(path: path, synchronous: durability == .full ? "FULL" : "NORMAL", busyTimeout: timeout)
            chmod(path, 0o600)
            try Schema.migrate(connection)
            readers = try SQLiteReaders(path: path, count: min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)), busyTimeout: timeout)
            keyReaders = try SQLiteReaders(path: path, count: 2, busyTimeout: timeout)
        } catch let error as SQLiteError {
            throw StoreError(error, file: path)
        }
    }

    /// Runs `body` with the connection under the lock, both within the call's deadline;
    /// SQLite errors become `StoreError`s.
    func read<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try read(by: StoreDeadline(seconds: timeout), body)
    }

    /// A `read` within `deadline` (a group commit's leader's, see `deviceWrite`).
    func read<T>(by deadline: StoreDeadline, _ body: (SQLiteConnection) throws -> T) throws -> T {
        guard lock.lock(before: deadline.date) else { throw Self.busy(deadline) }
        defer { lock.unlock() }
        connection.deadline = deadline
        defer { connection.deadline = nil }
        do {
            return try body(connection)
        } catch let error as SQLiteError {
            throw StoreError(error, file: connection.path)
        }
    }

    /// The writer's connection, then the readers' (the key checks' last).
    var connections: [SQLiteConnection] { [connection] + readers.all + keyReaders.all }

    /// Runs a body that only reads on one of the readers beside the writer: it sees the
    /// last commit, and neither waits for the writer nor holds it up.
    func snapshot<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try read(on: readers, body)
    }

    /// How many connections `snapshot` reads on (tests hold them all).
    var snapshotReaderCount: Int { readers.all.count }

    func keyRead<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try read(on: keyReaders, body)
    }

    private func read<T>(on readers: SQLiteReaders, _ body: (SQLiteConnection) throws -> T) throws -> T {
        let deadline = StoreDeadline(seconds: timeout)
        do {
            guard let result = try readers.read(by: deadline, body) else { throw Self.busy(deadline) }
            return result
        } catch let error as SQLiteError {
            throw StoreError(error, file: connection.path)
        }
    }

    /// Like `read`, inside one immediate transaction.
    func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let draft = AuditDraft.unrecorded
        let result = try read { connection in try connection.transaction { try connection.auditing(draft, body) } }
        draft?.markRecorded()
        return result
    }

    /// A transaction whose commit is fsync'd before this returns (unless `.normal`): it
    /// also makes every earlier commit durable, the WAL being one sequential file.
    func durableWrite<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard durability == .publishes else { return try write(body) }
        let draft = AuditDraft.unrecorded
        let result = try read { connection in
            // one store: a PRAGMA, SQLite's durability per transaction
            try connection.executeScript("PRAGMA synchronous = FULL")
            // one store: as above
            defer { try? connection.executeScript("PRAGMA synchronous = NORMAL") }
            return try connection.transaction { try connection.auditing(draft, body) }
        }
        draft?.markRecorded()
        return result
    }

    /// The error of a call that did not get the connection within its deadline.
    static func busy(_ deadline: StoreDeadline) -> StoreError {
        StoreError(
            .unavailable, "the store's other calls kept its database connection busy for the whole \(deadline) store timeout; try again")
    }
}
