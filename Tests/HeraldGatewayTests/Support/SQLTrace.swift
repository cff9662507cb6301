import CSQLite

@testable import HeraldGateway
@testable import HeraldStore

/// What a store asks SQLite while `body` runs: each statement it runs, in order, with `?`
/// for the bound values, and how many virtual-machine steps that run took (SQLite's own
/// count of the work: index seeks, rows read, columns decoded). Two paths' store work can
/// be compared with it without timing them.
final class SQLTrace {
    struct Run: Equatable, CustomStringConvertible {
        var sql: String
        var steps: Int32
        var description: String { "\(sql) [\(steps) steps]" }
    }

    private(set) var runs: [Run] = []

    static func record(_ store: SQLiteStore, _ body: () throws -> Void) rethrows -> [Run] {
        let trace = SQLTrace()
        // The writer and the readers beside it: a call may run on any of them.
        for handle in store.connections.map(\.handle) {
            // The counts of the store's cached statements start again from 0.
            var cached = sqlite3_next_stmt(handle, nil)
            while let statement = cached {
                sqlite3_stmt_status(statement, Int32(SQLITE_STMTSTATUS_VM_STEP), 1)
                cached = sqlite3_next_stmt(handle, statement)
            }
            sqlite3_trace_v2(
                handle, UInt32(SQLITE_TRACE_PROFILE),
                { _, context, statement, _ in
                    guard let context, let statement = OpaquePointer(statement), let sql = sqlite3_sql(statement) else { return 0 }
                    let trace = Unmanaged<SQLTrace>.fromOpaque(context).takeUnretainedValue()
                    let steps = sqlite3_stmt_status(statement, Int32(SQLITE_STMTSTATUS_VM_STEP), 1)
                    trace.runs.append(Run(sql: String(cString: sql), steps: steps))
                    return 0
                }, Unmanaged.passUnretained(trace).toOpaque())
        }
        defer { for handle in store.connections.map(\.handle) { sqlite3_trace_v2(handle, 0, nil, nil) } }
        try body()
        return trace.runs
    }
}
