import CSQLite

@testable import HeraldGateway

/// The SQL statements a store starts while `body` runs, in order (SQLite's own trace,
/// with `?` for the bound values), so two paths' store work can be compared without
/// timing them.
final class SQLTrace {
    private(set) var statements: [String] = []

    static func record(_ store: SQLiteStore, _ body: () throws -> Void) rethrows -> [String] {
        let trace = SQLTrace()
        let handle = store.connection.handle
        sqlite3_trace_v2(
            handle, UInt32(SQLITE_TRACE_STMT),
            { _, context, _, sql in
                guard let context, let sql else { return 0 }
                let trace = Unmanaged<SQLTrace>.fromOpaque(context).takeUnretainedValue()
                trace.statements.append(String(cString: sql.assumingMemoryBound(to: CChar.self)))
                return 0
            }, Unmanaged.passUnretained(trace).toOpaque())
        defer { sqlite3_trace_v2(handle, 0, nil, nil) }
        try body()
        return trace.statements
    }
}
