import CLibPQ
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Connecting within a deadline, and the settings every session gets: TCP keepalives and
/// `connect_timeout` (unless the URL gives its own), and `statement_timeout` and
/// `lock_timeout` a little below the client's `timeout`, so that a live server ends a slow
/// statement or a lock wait itself (a smaller value from the URL's `options` or the
/// server's settings is kept).
extension PostgresConnection {
    /// libpq's defaults before the URL (which overrides them), and after it what must hold:
    /// UTF-8 whatever the server's default, so text reads as Swift strings.
    static func parameters(url: String, timeout: Double) -> [(String, String)] {
        let seconds = String(Int(min(max(1, timeout.rounded(.up)), 86_400)))
        return [
            ("connect_timeout", seconds), ("keepalives", "1"), ("keepalives_idle", "10"), ("keepalives_interval", "5"),
            ("keepalives_count", "3"), ("dbname", url), ("client_encoding", "UTF8"),
        ]
    }

    /// Starts connecting (`PQconnectStartParams`): the handle, or nil without memory.
    static func start(url: String, timeout: Double) -> OpaquePointer? {
        let parameters = parameters(url: url, timeout: timeout)
        let keywords = parameters.map { strdup($0.0) }, values = parameters.map { strdup($0.1) }
        defer { (keywords + values).forEach { free($0) } }
        let keywordArray = keywords.map { UnsafePointer($0) } + [nil], valueArray = values.map { UnsafePointer($0) } + [nil]
        return PQconnectStartParams(keywordArray, valueArray, 1)
    }

    /// Drives `PQconnectPoll` (or `PQresetPoll`) to the end within `deadline`, or within
    /// the URL's `connect_timeout` when that is shorter; then sets the session up.
    func finishConnecting(_ step: (OpaquePointer) -> PostgresPollingStatusType, by deadline: StoreDeadline, what: String)
        throws(PostgresError)
    {
        guard PQstatus(handle) != CONNECTION_BAD else { throw connectionError(what) }
        let limit = option("connect_timeout").flatMap(Double.init).flatMap { $0 > 0 && $0 < deadline.remaining ? $0 : nil }
        let bound = limit.map { StoreDeadline(seconds: $0) } ?? deadline
        var status = PGRES_POLLING_WRITING
        while status != PGRES_POLLING_OK {
            switch status {
            case PGRES_POLLING_FAILED: throw connectionError(what)
            case PGRES_POLLING_READING: _ = try waitForSocket(POLLIN, by: bound)
            default: _ = try waitForSocket(POLLOUT, by: bound)
            }
            status = step(handle)
        }
        guard PQsetnonblocking(handle, 1) == 0 else { throw connectionError("cannot make the connection non-blocking") }
        try setSessionTimeouts()
    }

    /// The value libpq uses for a connection parameter (`connect_timeout`), if set.
    func option(_ keyword: String) -> String? {
        guard let options = PQconninfo(handle) else { return nil }
        defer { PQconninfoFree(options) }
        var index = 0
        while let name = options[index].keyword {
            if String(cString: name) == keyword { return options[index].val.map { String(cString: $0) } }
            index += 1
        }
        return nil
    }

    /// The session's `statement_timeout` and `lock_timeout`: 90% of `timeout` (so the server
    /// answers before the client gives up), or the session's own when smaller; and
    /// `client_connection_check_interval` (PostgreSQL 14 and later): a statement still
    /// running once its client has closed the connection (a gateway that gave up on it) is
    /// stopped within `clientCheckMilliseconds`, instead of running on to its end. And `jit`
    /// off: PostgreSQL compiles the expressions of a statement it estimates costly with
    /// LLVM, which never looks at a timeout while it works, so a statement with long
    /// conditions (a filter of a hundred `or`s of a hundred values) ran tens of seconds
    /// past its `statement_timeout`; the store's statements gain nothing from it.
    func setSessionTimeouts() throws(PostgresError) {
        guard !isUnbounded else { return }
        let milliseconds = Int(min(max(1, timeout * 900), Double(Int32.max)))
        // one store: the session's server timeouts (SQLite waits in its busy handler)
        try executeScript(
            """
            SELECT set_config(name, '\(milliseconds)', false) FROM pg_settings
            WHERE name IN ('statement_timeout', 'lock_timeout') AND (setting::bigint = 0 OR setting::bigint > \(milliseconds));
            SELECT set_config(name, '\(Self.clientCheckMilliseconds)', false) FROM pg_settings
            WHERE name = 'client_connection_check_interval' AND (setting::bigint = 0 OR setting::bigint > \(Self.clientCheckMilliseconds));
            SELECT set_config(name, 'off', false) FROM pg_settings WHERE name = 'jit'
            """)
    }

    /// How often a running statement checks that its client is still connected (ms).
    static let clientCheckMilliseconds = 1000

    /// Runs `body` with no deadline for its statements and no server timeouts (a schema
    /// migration, which may rewrite large tables or wait for another process's migration).
    public func withoutTimeouts<T>(_ body: () throws -> T) throws -> T {
        try executeScript("SET statement_timeout = 0; SET lock_timeout = 0")
        isUnbounded = true
        let value: T
        do {
            value = try body()
        } catch {
            isUnbounded = false
            if (try? restoreTimeouts()) == nil { isAbandoned = true }
            throw error
        }
        isUnbounded = false
        try restoreTimeouts()
        return value
    }

    private func restoreTimeouts() throws(PostgresError) {
        try executeScript("RESET statement_timeout; RESET lock_timeout")
        try setSessionTimeouts()
    }
}
