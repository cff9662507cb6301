import CLibPQ
import Foundation

/// One PostgreSQL connection (libpq) with its prepared statements: each SQL text is
/// prepared once per session (`PQprepare`) and run with `PQexecPrepared`, parameters in
/// text format (bytes in binary), results in text format read through `PostgresRow`.
///
/// Not thread-safe: one caller at a time (a `PostgresPool` hands each connection to one
/// caller). A connection whose server went away reconnects on its next use; `transaction`
/// also runs its closure again after that, and after serialization failures and deadlocks.
/// Connecting and every statement end by a deadline (`PostgresConnection+Deadline`): a
/// server that stops answering costs a call its deadline, and the connection.
/// The password never appears in an error: the URL is redacted and scrubbed from messages.
public final class PostgresConnection: @unchecked Sendable {
    let handle: OpaquePointer
    let url: PostgresURL
    /// Seconds connecting or a statement may take when no `deadline` is set; the session's
    /// `statement_timeout` and `lock_timeout` are a little below it.
    public let timeout: Double
    /// When set, what every statement (and reconnecting) must end by: the deadline of the
    /// call the connection serves (`PostgresPool.withConnection` sets it).
    public var deadline: StoreDeadline?
    /// Set once a statement or connecting missed its deadline: the session is in an unknown
    /// state (a statement may still run on it), so it counts as broken and is not reused.
    public internal(set) var isAbandoned = false
    /// Inside `withoutTimeouts`: no deadline, no server timeouts.
    var isUnbounded = false
    /// SQL text → the name it was prepared under in this session.
    private var prepared: [String: String] = [:]
    private var nextStatement = 0
    /// Inside `transaction`: a nested one is refused.
    var inTransaction = false
    /// The events the open transaction logs, inserted just before its COMMIT under each
    /// app's event lock (`PostgresConnection+Events`), so an app's events are numbered in
    /// the order their transactions commit.
    var pendingEvents: [(appID: String, event: NewEvent)] = []
    /// The last error a statement returned (a transaction whose closure caught it rethrows it).
    var lastError: PostgresError?
    /// How many times this connection has reconnected since it was opened.
    public private(set) var reconnects = 0

    /// Connects with a URL (`postgres://user:password@host:port/db?sslmode=require`, a
    /// Unix socket folder as `?host=/run/postgresql`) or libpq's `key=value` string.
    /// TLS is libpq's: the URL's `sslmode` (libpq's default, `prefer`, when absent).
    /// Connecting ends by `deadline`, else `timeout` seconds from now.
    public init(url: String, timeout: Double = StoreDeadline.defaultTimeout, deadline: StoreDeadline? = nil) throws(PostgresError) {
        self.url = PostgresURL(url)
        self.timeout = timeout
        guard let handle = Self.start(url: url, timeout: timeout) else {
            throw PostgresError(.connection, message: "libpq could not allocate a connection (out of memory)", server: self.url.redacted)
        }
        self.handle = handle
        // Thrown from here on, deinit finishes the handle.
        try finishConnecting(PQconnectPoll, by: deadline ?? StoreDeadline(seconds: timeout), what: "cannot connect")
    }

    deinit { PQfinish(handle) }

    /// The URL with its password as `***`.
    public var redactedURL: String { url.redacted }

    /// The server process serving this session (`pg_backend_pid()`); it changes on reconnecting.
    public var backendPID: Int { Int(PQbackendPID(handle)) }

    /// True once libpq has found the connection broken, or it was given up; the next call reconnects.
    public var isBroken: Bool { isAbandoned || PQstatus(handle) != CONNECTION_OK }

    /// Whether the session is idle, outside any transaction (and not broken).
    var isIdle: Bool { !isBroken && PQtransactionStatus(handle) == PQTRANS_IDLE }

    /// How many statements this session has prepared.
    public var preparedStatementCount: Int { prepared.count }

    // MARK: Statements

    /// Runs a statement that returns no rows we need; the number of rows it changed.
    @discardableResult
    public func execute(_ sql: String, _ values: [SQLValue] = []) throws(PostgresError) -> Int {
        try run(sql, values).changes
    }

    /// Runs a statement and returns its rows.
    public func query(_ sql: String, _ values: [SQLValue] = []) throws(PostgresError) -> [PostgresRow] {
        try run(sql, values).rows
    }

    /// Runs SQL without parameters or preparing it, several statements allowed (a schema
    /// migration); in one implicit transaction unless it has its own BEGIN/COMMIT.
    public func executeScript(_ sql: String) throws(PostgresError) {
        try reconnectIfBroken()
        _ = try check(try exchange(sql) { PQsendQuery(handle, sql) }, sql: sql)
    }

    /// Reopens the session with the same URL. Prepared statements belong to the old session
    /// and are prepared again when next used. Ends by the deadline, else `timeout` from now.
    public func reconnect() throws(PostgresError) {
        prepared.removeAll()
        reconnects += 1
        guard PQresetStart(handle) == 1 else { throw connectionError("cannot reconnect") }
        isAbandoned = false
        try finishConnecting(PQresetPoll, by: deadline ?? StoreDeadline(seconds: timeout), what: "cannot reconnect")
    }

    /// Runs `sql` through its prepared statement (preparing it first in this session).
    private func run(_ sql: String, _ values: [SQLValue]) throws(PostgresError) -> PostgresResult {
        try reconnectIfBroken()
        let parameters = try PostgresParameters(values, sql: sql)
        let name = try statementName(sql)
        let result = try exchange(sql) {
            parameters.withArrays { values, lengths, formats in
                PQsendQueryPrepared(handle, name, parameters.count, values, lengths, formats, 0)
            }
        }
        return try check(result, sql: sql)
    }

    private func statementName(_ sql: String) throws(PostgresError) -> String {
        if let name = prepared[sql] { return name }
        nextStatement += 1
        let name = "herald_\(nextStatement)"
        _ = try check(try exchange(sql) { PQsendPrepare(handle, name, sql, 0, nil) }, sql: sql)
        prepared[sql] = name
        return name
    }

    /// Outside a transaction, a connection found broken before is reopened; inside one
    /// the transaction is lost with it, and `transaction` decides what to do.
    private func reconnectIfBroken() throws(PostgresError) {
        guard isBroken else { return }
        guard !inTransaction else { throw connectionError("the connection was lost inside a transaction") }
        try reconnect()
    }

    // MARK: Results and errors

    /// The result when it succeeded; else the error it holds (or the connection's).
    func check(_ result: OpaquePointer?, sql: String) throws(PostgresError) -> PostgresResult {
        guard let result else { throw connectionError("no answer", sql: sql) }
        let wrapped = PostgresResult(result, sql: sql)
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: return wrapped
        default:
            let failure = error(from: result, sql: sql)
            lastError = failure
            throw failure
        }
    }

    private func error(from result: OpaquePointer, sql: String) -> PostgresError {
        let state = herald_pq_sqlstate(result).map { String(cString: $0) }
        let primary = herald_pq_message(result).map { String(cString: $0) }
        // Without a SQLSTATE the failure is libpq's own, most often the connection.
        guard let state else {
            let reason: PostgresError.Reason = isBroken ? .connection : .query
            let message = primary ?? String(cString: PQresultErrorMessage(result))
            return PostgresError(reason, message: clean(message), sql: sql, server: url.redacted)
        }
        return PostgresError(
            isBroken ? .connection : PostgresError.reason(sqlState: state), message: clean(primary ?? "(no message)"), sqlState: state,
            detail: herald_pq_detail(result).map { clean(String(cString: $0)) },
            hint: herald_pq_hint(result).map { clean(String(cString: $0)) }, sql: sql, server: url.redacted)
    }

    /// A `.connection` error with libpq's message for this connection.
    func connectionError(_ what: String, sql: String? = nil) -> PostgresError {
        let detail = clean(String(cString: PQerrorMessage(handle)))
        return PostgresError(.connection, message: detail.isEmpty ? what : "\(what): \(detail)", sql: sql, server: url.redacted)
    }

    /// One line, password scrubbed.
    func clean(_ message: String) -> String {
        url.scrub(message).split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
