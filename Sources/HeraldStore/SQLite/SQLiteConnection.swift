import CSQLite
import Foundation

/// One SQLite connection with a statement cache. Not thread-safe: its owner serializes
/// calls (`SQLiteStore` holds a lock around every use).
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String
    private var cache: [String: SQLiteStatement] = [:]
    /// Seconds a statement waits for another process's lock on the file when no `deadline` is set.
    let busyTimeout: Double
    /// When set, a statement waits for another process's lock until then, no longer: the
    /// deadline of the call the connection serves.
    var deadline: StoreDeadline?
    /// When the current wait for a lock ends.
    private var busyUntil: StoreDeadline?
    /// The events the open transaction has inserted, by app (`EventLogCounter` at COMMIT).
    var loggedEvents: [(appID: String, count: Int)] = []
    /// Whether a statement past `deadline` is stopped; off while a transaction ends, so a
    /// COMMIT or ROLLBACK always runs to its end and never leaves a transaction open.
    private var stopsAtDeadline = true
    /// How many virtual-machine steps SQLite runs between two looks at the deadline (a look
    /// reads the monotonic clock: about 20 ns for each 1,000 steps).
    static let progressSteps: Int32 = 1000

    /// Opens (creating) the database at `path`; WAL journal, a busy timeout so other
    /// processes (`herald app` beside a running `herald serve`) wait instead of failing.
    init(path: String, synchronous: String = "FULL", busyTimeout: Double = StoreDeadline.defaultTimeout) throws(SQLiteError) {
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let pointer { sqlite3_close_v2(pointer) }
            throw SQLiteError(code: code, message: "cannot open \(path): \(message)")
        }
        self.handle = pointer
        self.path = path
        self.busyTimeout = busyTimeout
        sqlite3_extended_result_codes(pointer, 1)
        // The handler lives as long as the handle: deinit closes it first.
        let busy = sqlite3_busy_handler(
            pointer,
            { context, count in
                guard let context else { return 0 }
                return Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue().waitWhileBusy(count) ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
        guard busy == SQLITE_OK else { throw error(busy) }
        // A statement still running at its call's deadline is stopped (SQLITE_INTERRUPT):
        // SQLite checks every `progressSteps` virtual-machine steps, so nothing a request
        // asks (an audience count, a filtered fan-out page) holds a connection past it.
        sqlite3_progress_handler(
            pointer, Self.progressSteps,
            { context in
                guard let context else { return 0 }
                return Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue().pastDeadline ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
        // one store: SQLite's PRAGMAs for the connection
        try executeScript("PRAGMA journal_mode = WAL")
        try executeScript("PRAGMA synchronous = \(synchronous)")
        try executeScript("PRAGMA foreign_keys = ON")
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs SQL without parameters or caching it, several statements allowed (a schema
    /// migration, a PRAGMA, BEGIN/COMMIT).
    func executeScript(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: code, message: text, sql: sql)
        }
    }

    /// A prepared statement for `sql`, from the cache when it was prepared before.
    func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = cache[sql] { return cached }
        let statement = try SQLiteStatement(connection: self, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Runs `sql` with `values` and returns each row through `row`.
    func query<T>(_ sql: String, _ values: [SQLValue] = [], _ row: (SQLiteStatement) throws -> T) throws -> [T] {
        let statement = try statement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    /// Runs `sql` once without caching its statement (SQL built for one call, such as an
    /// `IN (?, ?, …)` list); the rows through `row`.
    func queryOnce<T>(_ sql: String, _ values: [SQLValue], _ row: (SQLiteStatement) throws -> T) throws -> [T] {
        let statement = try SQLiteStatement(connection: self, sql: sql)
        try statement.bind(values)
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    /// `query` with an `IN` list: `sql` gets the list's placeholders, and `list` is bound
    /// after `values`. The list is padded to a power of two (up to 1024) with its last value
    /// again, which changes no `IN` list's meaning, so that a few statement texts serve
    /// every batch size and stay prepared in the cache: preparing a statement of 500
    /// placeholders took about as long as running it.
    func query<T>(
        _ sql: (String) -> String, _ values: [SQLValue], in list: [SQLValue], _ row: (SQLiteStatement) throws -> T
    ) throws -> [T] {
        guard let last = list.last, list.count <= 1024 else { return try queryOnce(sql(Self.placeholders(list.count)), values + list, row) }
        let size = 1 << (Int.bitWidth - (list.count - 1).leadingZeroBitCount)
        return try query(sql(Self.placeholders(size)), values + list + Array(repeating: last, count: size - list.count), row)
    }

    /// `?, ?, …` for `count` parameters.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// Runs a statement that returns no rows we need; the number of rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue] = []) throws(SQLiteError) -> Int {
        let statement = try statement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// The first column of the first row as an integer, if any row.
    func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> Int? {
        try query(sql, values) { $0.isNull(0) ? nil : $0.int(0) }.first ?? nil
    }

    /// Runs `body` in an immediate transaction (the write lock taken up front, so two
    /// processes never deadlock upgrading); commits, or rolls back if `body` throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        // BEGIN, COMMIT and ROLLBACK are prepared once and cached, like the statements
        // between them: a transaction is one of many per second.
        // one store: SQLite's transaction (PostgresConnection+Transaction has its own)
        try execute("BEGIN IMMEDIATE")
        loggedEvents = []
        do {
            let result = try body()
            // one store: as above
            try ending { try execute("COMMIT") }
            EventLogCounter.add(loggedEvents)
            loggedEvents = []
            return result
        } catch {
            // one store: as above
            _ = try? ending { try execute("ROLLBACK") }
            throw error
        }
    }

    /// Runs `body` (a transaction's COMMIT or ROLLBACK) without stopping it at the deadline.
    @discardableResult
    func ending<T>(_ body: () throws -> T) rethrows -> T {
        stopsAtDeadline = false
        defer { stopsAtDeadline = true }
        return try body()
    }

    /// Whether a statement running now is past its call's deadline and must stop.
    private var pastDeadline: Bool { stopsAtDeadline && deadline?.hasPassed == true }

    /// SQLite's busy handler: another connection holds the lock asked for. Sleeps a little
    /// (as SQLite's own busy timeout does) and asks to try again, until the call's deadline
    /// (else `busyTimeout` from the first try) has passed.
    private func waitWhileBusy(_ count: Int32) -> Bool {
        if count == 0 { busyUntil = deadline ?? StoreDeadline(seconds: busyTimeout) }
        guard let until = busyUntil, !until.hasPassed else { return false }
        let delays = [0.001, 0.002, 0.005, 0.01, 0.015, 0.02, 0.025, 0.025, 0.025, 0.05, 0.05, 0.1]
        Thread.sleep(forTimeInterval: min(delays[min(Int(count), delays.count - 1)], until.remaining))
        return true
    }

    func error(_ code: Int32, sql: String? = nil) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
