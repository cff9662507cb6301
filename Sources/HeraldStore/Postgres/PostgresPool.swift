import Foundation

/// At most `size` connections to one database, lent to one caller at a time. A checkout
/// takes an idle connection, opens a new one while fewer than `size` are open, or waits
/// for a checkin up to its deadline (then `.poolTimeout`). A connection checked in broken
/// (or given up past a deadline) is closed and a new one opened in its place when next
/// needed; one checked in inside a transaction is rolled back first.
public final class PostgresPool: @unchecked Sendable {
    public let size: Int
    /// A call's deadline by default, in seconds: how long `checkout` waits, connecting takes,
    /// and the statements of `withConnection` run (see `PostgresConnection.timeout`).
    public let timeout: Double
    private let url: String
    private let redactedURL: String
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    /// Connections open or being opened: idle, lent, or connecting.
    private var open = 0
    private var lent: Set<ObjectIdentifier> = []

    /// A pool for `url` (see `PostgresConnection.init(url:)`); connections open when needed.
    public init(url: String, size: Int, timeout: Double = StoreDeadline.defaultTimeout) {
        precondition(size > 0, "a pool needs at least one connection")
        self.url = url
        self.redactedURL = PostgresURL(url).redacted
        self.size = size
        self.timeout = timeout
    }

    /// Connections open now (idle, lent or connecting).
    public var openCount: Int { condition.withLock { open } }

    /// Connections waiting in the pool.
    public var idleCount: Int { condition.withLock { idle.count } }

    /// A connection for the caller alone until `checkin`. Waits up to `timeout` seconds
    /// (the pool's by default) while all `size` are lent.
    public func checkout(timeout: Double? = nil) throws(PostgresError) -> PostgresConnection {
        try checkout(by: StoreDeadline(seconds: timeout ?? self.timeout))
    }

    /// A connection for the caller alone until `checkin`, waiting (while all `size` are
    /// lent) and connecting within `deadline`.
    public func checkout(by deadline: StoreDeadline) throws(PostgresError) -> PostgresConnection {
        condition.lock()
        while idle.isEmpty && open >= size {
            if !condition.wait(until: deadline.date) && idle.isEmpty && open >= size {
                condition.unlock()
                throw PostgresError(
                    .poolTimeout, message: "all \(size) connections stayed in use for \(deadline)", server: redactedURL)
            }
        }
        if let connection = idle.popLast() {
            lent.insert(ObjectIdentifier(connection))
            condition.unlock()
            return connection
        }
        open += 1
        condition.unlock()
        do {
            let connection = try PostgresConnection(url: url, timeout: self.timeout, deadline: deadline)
            condition.withLock { _ = lent.insert(ObjectIdentifier(connection)) }
            return connection
        } catch {
            release()
            throw error
        }
    }

    /// Gives back a connection from `checkout`. A broken one is closed (and replaced on
    /// a later checkout); an open transaction is rolled back.
    public func checkin(_ connection: PostgresConnection) {
        if !connection.isBroken && !connection.isIdle { connection.rollback() }
        connection.deadline = nil
        let reusable = connection.isIdle
        condition.lock()
        let wasLent = lent.remove(ObjectIdentifier(connection)) != nil
        precondition(wasLent, "PostgresPool.checkin: this connection is not checked out of this pool")
        if reusable { idle.append(connection) }
        condition.unlock()
        if reusable { condition.signal() } else { release() }
    }

    /// Runs `body` with a connection checked out for it, and checks it in after: the
    /// checkout and each statement of `body` end within `timeout` seconds (the pool's by
    /// default) from now, else throw (`.poolTimeout`, `.deadline`).
    public func withConnection<T>(timeout: Double? = nil, _ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection(by: StoreDeadline(seconds: timeout ?? self.timeout), body)
    }

    /// `withConnection` within `deadline`, the caller's (a group commit's leader's).
    public func withConnection<T>(by deadline: StoreDeadline, _ body: (PostgresConnection) throws -> T) throws -> T {
        let connection = try checkout(by: deadline)
        connection.deadline = deadline
        defer { checkin(connection) }
        return try body(connection)
    }

    /// Closes the idle connections (lent ones close when checked in broken, or with the pool).
    public func closeIdle() {
        var closing: [PostgresConnection] = []
        condition.withLock {
            swap(&closing, &idle)
            open -= closing.count
        }
        condition.broadcast()
        closing.removeAll()  // each closes here, outside the lock
    }

    /// One fewer connection open: a waiting checkout may open a new one.
    private func release() {
        condition.withLock { open -= 1 }
        condition.signal()
    }
}
