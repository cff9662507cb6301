import CSQLite

/// A prepared statement: bind, step, read columns. Owned and cached by its `SQLiteConnection`.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    private unowned let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws(SQLiteError) {
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v2(connection.handle, sql, -1, &pointer, nil)
        guard code == SQLITE_OK, let pointer else { throw connection.error(code, sql: sql) }
        self.handle = pointer
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters, in order.
    func bind(_ values: [SQLValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .int(let number): code = sqlite3_bind_int64(handle, index, sqlite3_int64(number))
            case .double(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                code = text.utf8CString.withUnsafeBufferPointer {
                    herald_sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count - 1))
                }
            case .bool(let flag): code = sqlite3_bind_int64(handle, index, flag ? 1 : 0)
            case .bytes(let bytes):
                code = bytes.withUnsafeBytes {
                    herald_sqlite3_bind_blob(handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count))
                }
            case .null: code = sqlite3_bind_null(handle, index)
            }
            guard code == SQLITE_OK else { throw connection.error(code, sql: sql) }
        }
    }

    /// Advances to the next row: `true` when a row is ready, `false` when done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.error(code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    func reset() { sqlite3_reset(handle) }

    // The row accessors `StoreRow` names; they never throw here (SQLite converts any value).
    func isNull(_ column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL }
    func int(_ column: Int) -> Int { Int(sqlite3_column_int64(handle, Int32(column))) }
    func double(_ column: Int) -> Double { sqlite3_column_double(handle, Int32(column)) }
    func bool(_ column: Int) -> Bool { int(column) != 0 }
    func optionalInt(_ column: Int) -> Int? { isNull(column) ? nil : int(column) }
    func optionalDouble(_ column: Int) -> Double? { isNull(column) ? nil : double(column) }

    func string(_ column: Int) -> String {
        guard let pointer = sqlite3_column_text(handle, Int32(column)) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func optionalString(_ column: Int) -> String? { isNull(column) ? nil : string(column) }

    func bytes(_ column: Int) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        guard count > 0, let pointer = sqlite3_column_blob(handle, Int32(column)) else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
