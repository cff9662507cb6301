/// A PostgreSQL call failed: why (`reason`, from the SQLSTATE where the server sent one),
/// the server's words, the statement and the server it ran on. The URL in `server` is
/// redacted, and the password is scrubbed from every other field as well.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// No connection could be made, or the one there was broke (SQLSTATE class 08,
        /// 57P01–57P03: the server shut down or ended this session).
        case connection
        /// The connection broke while COMMIT was on its way: the transaction may or may
        /// not have been committed, so it is not run again.
        case commitOutcomeUnknown
        /// SQLSTATE 40001: a concurrent transaction changed what this one read.
        case serialization
        /// SQLSTATE 40P01: two transactions waited on each other; the server ended this one.
        case deadlock
        /// SQLSTATE 23505.
        case uniqueViolation
        /// SQLSTATE 23503.
        case foreignKeyViolation
        /// SQLSTATE 23502.
        case notNullViolation
        /// SQLSTATE 23514.
        case checkViolation
        /// SQLSTATE 57014 or 55P03: a statement or lock timeout ran out, or the query was cancelled.
        case timeout
        /// Any other error the server reported for a statement.
        case query
        /// A value could not be sent or read as asked (a NULL read as a number, text with
        /// a NUL byte, a column that is not in the result).
        case value
        /// No answer came within the call's deadline (`StoreDeadline`): the server is frozen,
        /// overloaded or cut off. The connection was given up and is closed, never reused.
        case deadline
        /// Every connection of a pool stayed in use for the whole wait.
        case poolTimeout
        /// The wrapper was used in a way it does not support (a transaction inside a transaction).
        case misuse
    }

    public var reason: Reason
    /// The five-character SQLSTATE, when the server sent one.
    public var sqlState: String?
    /// The server's (or libpq's, or this wrapper's) message.
    public var message: String
    /// The server's detail ("Key (id)=(1) already exists.").
    public var detail: String?
    /// The server's hint.
    public var hint: String?
    /// The statement that failed.
    public var sql: String?
    /// The connection URL, password redacted.
    public var server: String?

    public init(
        _ reason: Reason, message: String, sqlState: String? = nil, detail: String? = nil, hint: String? = nil, sql: String? = nil,
        server: String? = nil
    ) {
        self.reason = reason
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.hint = hint
        self.sql = sql
        self.server = server
    }

    /// Serialization failures and deadlocks: running the whole transaction again can succeed.
    public var isRetryable: Bool { reason == .serialization || reason == .deadlock }

    /// The reason that goes with a SQLSTATE.
    static func reason(sqlState: String?) -> Reason {
        guard let sqlState else { return .query }
        switch sqlState {
        case "40001": return .serialization
        case "40P01": return .deadlock
        case "23505": return .uniqueViolation
        case "23503": return .foreignKeyViolation
        case "23502": return .notNullViolation
        case "23514": return .checkViolation
        case "57014", "55P03": return .timeout
        case "57P01", "57P02", "57P03": return .connection
        default: return sqlState.hasPrefix("08") ? .connection : .query
        }
    }

    public var description: String {
        var text = "PostgreSQL \(what)"
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let server { text += " on \(server)" }
        text += ": \(message)"
        if let detail, !detail.isEmpty { text += "; \(detail)" }
        if let hint, !hint.isEmpty { text += " (hint: \(hint))" }
        if let sql { text += " (in \(sql.count > 200 ? sql.prefix(200) + "…" : sql))" }
        return text + "; " + fix
    }

    private var what: String {
        switch reason {
        case .connection: "connection error"
        case .commitOutcomeUnknown: "connection lost during COMMIT"
        case .serialization: "serialization failure"
        case .deadlock: "deadlock"
        case .uniqueViolation: "unique violation"
        case .foreignKeyViolation: "foreign key violation"
        case .notNullViolation: "not-null violation"
        case .checkViolation: "check violation"
        case .timeout: "timeout"
        case .query: "error"
        case .value: "value error"
        case .deadline: "deadline passed"
        case .poolTimeout: "pool exhausted"
        case .misuse: "misuse"
        }
    }

    private var fix: String {
        switch reason {
        case .connection:
            "check that the server runs and that the URL's host, port, database, user, password and sslmode are right"
        case .commitOutcomeUnknown: "check whether the change was stored before making it again"
        case .serialization, .deadlock: "another transaction touched the same rows; run the transaction again"
        case .uniqueViolation: "a row with that key exists already"
        case .foreignKeyViolation: "the row refers to one that does not exist, or is still referred to"
        case .notNullViolation, .checkViolation: "the value breaks a rule of the table"
        case .timeout: "the statement waited or ran too long; retry, or raise the timeout"
        case .query: "fix the statement or its parameters"
        case .value: "read the column as its type, and check isNull first for a column that may be NULL"
        case .deadline: "check that the database server runs and answers; the call can be tried again"
        case .poolTimeout: "give the pool more connections, or return connections sooner"
        case .misuse: "see the method's documentation"
        }
    }
}
