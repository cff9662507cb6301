/// An SQLite call failed: its result code, SQLite's message, and the statement, if any.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's primary or extended result code (`SQLITE_BUSY` is 5, `SQLITE_CONSTRAINT` 19).
    public var code: Int32
    public var message: String
    public var sql: String?

    /// The primary result code (the low byte of an extended one).
    public var primaryCode: Int32 { code & 0xFF }

    /// `SQLITE_BUSY` or `SQLITE_LOCKED`: a lock stayed held past the busy timeout.
    public var isLocked: Bool { primaryCode == 5 || primaryCode == 6 }

    /// `SQLITE_INTERRUPT`: the statement ran past its call's deadline and was stopped.
    public var isInterrupted: Bool { primaryCode == 9 }

    public var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in \(sql.prefix(120)))" }
        if isLocked { text += "; another process holds the database locked, try again" }
        return text
    }
}
