import Foundation
import HeraldAPNsModel
import HeraldFCMModel
import HeraldShared

/// The shared store: one PostgreSQL database that any number of `herald serve` and
/// `herald app` processes use at once (`--database postgres://…`).
///
/// Each call checks a connection out of a `PostgresPool` and runs as one transaction
/// (`PostgresConnection.transaction`: READ COMMITTED, run again on a serialization failure
/// or deadlock, and after a lost connection). Where SQLite's single writer made a call
/// safe, rows are locked instead: a device's row before its interests, the app's row
/// before a quota check, a publish's row before its fan-out cursor or its cancelling;
/// deliveries are claimed with `FOR UPDATE SKIP LOCKED`. Every method keeps
/// `SQLiteStore`'s semantics. PostgreSQL's errors become `StoreError`s: the server out of
/// reach is `.unavailable` (the API's 503 with Retry-After), never a crash. Each call ends
/// within `timeout` seconds (waiting for a connection included): a server that stops
/// answering makes it `.unavailable` then, and the connection it held is closed.
public final class PostgresStore: GatewayStore, @unchecked Sendable {
    let pool: PostgresPool
    /// The key checks' connections (`keyRead`), which no other call takes.
    let keyPool: PostgresPool
    private let url: String
    /// The URL with its password as `***`.
    public let redactedURL: String
    /// An app whose row is read, as a decoy, when authorization asks for an unknown app
    /// (see `appKeys`); found once there is an app.
    let decoyAppID = Locked<String?>(nil)
    /// Device writes share transactions (`deviceWrite`).
    let deviceWrites = GroupCommit<PostgresConnection>()

    /// The process this store claims deliveries for (`PostgresStore+Leases`).
    public let instance: GatewayInstance
    /// Whether device writes (registrations, interests, users, deletions) wait for their
    /// WAL flush like every other commit (`--durability full`). By default they do not,
    /// which is SQLite's default (`publishes`) on PostgreSQL: publishes, deliveries and
    /// receipts wait for the disk; a device write is answered once committed, and a crash
    /// of the database server can lose the last fraction of a second of them (a device
    /// registers again at its next launch). Every registration of an app updates the app's
    /// counters, so they commit one after another: waiting for the disk in each halves
    /// their rate.
    public let deviceWritesWaitForDisk: Bool

    /// Connects to the database at `url` (`postgres://user:password@host:port/db`, TLS per
    /// its `sslmode`) with up to `connections` connections, and migrates it (without a
    /// deadline: a migration may rewrite large tables). `instance` is the process whose
    /// claims this store makes (another store on the same database with another instance
    /// is, to the leases, another process). `timeout`: each call's deadline, in seconds.
    public init(
        url: String, connections: Int = 8, timeout: Double = StoreDeadline.defaultTimeout, instance: GatewayInstance = .current(),
        deviceWritesWaitForDisk: Bool = false
    ) throws {
        self.url = url
        self.instance = instance
        self.deviceWritesWaitForDisk = deviceWritesWaitForDisk
        pool = PostgresPool(url: url, size: max(1, connections), timeout: timeout)
        keyPool = PostgresPool(url: url, size: 2, timeout: timeout)
        redactedURL = PostgresURL(url).redacted
        try read { db in try db.withoutTimeouts { try PostgresSchema.migrate(db) } }
    }

    /// Each call's deadline, in seconds.
    public var timeout: Double { pool.timeout }

    /// Runs `body` on a pooled connection, outside a transaction (one statement, or
    /// statements that need not see one state). A connection found lost is opened again
    /// and `body` run once more; PostgreSQL's errors become `StoreError`s.
    func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try read(on: pool, body)
    }

    func keyRead<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try read(on: keyPool, body)
    }

    private func read<T>(on pool: PostgresPool, _ body: (PostgresConnection) throws -> T) throws -> T {
        do {
            return try pool.withConnection { db in
                do {
                    return try body(db)
                } catch let error as PostgresError where error.reason == .connection && db.isBroken {
                    return try body(db)
                }
            }
        } catch let error as PostgresError {
            throw StoreError(error)
        }
    }

    /// A `read`: every pooled connection sees the last commit.
    func snapshot<T>(_ body: (PostgresConnection) throws -> T) throws -> T { try read(body) }

    /// Runs `body` in one READ COMMITTED transaction on a pooled connection (see `PostgresConnection.transaction`).
    func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let draft = AuditDraft.unrecorded
        let result = try transaction(waitForFlush: true) { db in try db.auditing(draft, body) }
        draft?.markRecorded()
        return result
    }

    /// A `write` for device data, without its WAL flush unless `deviceWritesWaitForDisk`,
    /// shared with the device writes of other threads (`GroupCommit`): one transaction on
    /// one connection, each body in its own savepoint, one commit (and the app's row locked
    /// once for all of them). It returns once committed (and flushed, when waiting for the
    /// disk). A collision that makes PostgreSQL run a transaction again runs the whole batch
    /// again. A call still queued at its deadline throws `.unavailable`.
    func deviceWrite<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        let draft = AuditDraft.unrecorded
        do {
            let result = try deviceWrites.submit(
                by: StoreDeadline(seconds: timeout), { db in try db.auditing(draft, body) },
                transaction: { deadline, batch in try transaction(waitForFlush: deviceWritesWaitForDisk, by: deadline, batch) },
                expired: { deadline in
                    StoreError(
                        .unavailable,
                        "the device writes ahead of this one kept the database busy for the whole \(deadline) store timeout; try again")
                })
            draft?.markRecorded()
            return result
        } catch let error as PostgresError {
            throw StoreError(error)
        }
    }

    /// One READ COMMITTED transaction on a pooled connection, by `deadline` (the pool's
    /// timeout from now when nil).
    private func transaction<T>(waitForFlush: Bool, by deadline: StoreDeadline? = nil, _ body: (PostgresConnection) throws -> T) throws
        -> T
    {
        do {
            return try pool.withConnection(by: deadline ?? StoreDeadline(seconds: pool.timeout)) { db in
                try db.transaction(.readCommitted, waitForFlush: waitForFlush) { try body($0) }
            }
        } catch let error as PostgresError {
            throw StoreError(error)
        }
    }

    /// Hears of publishes other processes commit (`PostgresPublishWatch`).
    public func watchPublishes(_ wake: @escaping @Sendable () -> Void) throws -> (any PublishWatch)? {
        do {
            return try PostgresPublishWatch(url: url, timeout: timeout, wake: wake)
        } catch {
            throw StoreError(error)
        }
    }
}

extension StoreError {
    /// PostgreSQL's error as the store's: a statement stopped by its timeout or a cancel
    /// (57014) is `.timedOut`; the server out of reach or silent past the call's
    /// deadline, a pool that stayed busy, a commit whose outcome is unknown, a lock timeout, and
    /// collisions still there after the retries are `.unavailable` (try again); anything
    /// else is `.database`.
    init(_ error: PostgresError) {
        if error.reason == .timeout, error.sqlState == "57014" {
            self.init(.timedOut, "a statement ran past the store timeout and was stopped there: \(error.description)")
            return
        }
        switch error.reason {
        case .connection, .commitOutcomeUnknown, .deadline, .poolTimeout, .timeout, .serialization, .deadlock:
            self.init(.unavailable, error.description)
        default:
            self.init(.database(code: 0), error.description)
        }
    }
}
