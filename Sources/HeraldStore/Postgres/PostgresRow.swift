import CLibPQ

/// A column of a result, by position (`0`) or by name (`"id"`, matched exactly).
public protocol PostgresColumn: Sendable {
    var postgresColumnKey: PostgresColumnKey { get }
}

public enum PostgresColumnKey: Sendable, Hashable {
    case index(Int)
    case name(String)
}

extension Int: PostgresColumn {
    public var postgresColumnKey: PostgresColumnKey { .index(self) }
}

extension String: PostgresColumn {
    public var postgresColumnKey: PostgresColumnKey { .name(self) }
}

/// One row of a query's result, read by column as the Swift type asked for. Values come
/// in PostgreSQL's text format and are parsed here; a value that does not parse as the
/// type, or a NULL read as anything but `isNull`, throws a `.value` error naming the column.
public struct PostgresRow: Sendable {
    let result: PostgresResult
    let row: Int32

    public func isNull(_ column: some PostgresColumn) throws(PostgresError) -> Bool {
        PQgetisnull(result.handle, row, try result.index(column)) == 1
    }

    public func string(_ column: some PostgresColumn) throws(PostgresError) -> String {
        let (index, pointer) = try value(column)
        let count = Int(PQgetlength(result.handle, row, index))
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    public func int(_ column: some PostgresColumn) throws(PostgresError) -> Int {
        let text = try string(column)
        guard let number = Int(text) else { throw result.error("holds \"\(text.prefix(40))\", not an integer", column) }
        return number
    }

    public func double(_ column: some PostgresColumn) throws(PostgresError) -> Double {
        let text = try string(column)
        guard let number = Double(text) else { throw result.error("holds \"\(text.prefix(40))\", not a number", column) }
        return number
    }

    public func bool(_ column: some PostgresColumn) throws(PostgresError) -> Bool {
        switch try string(column) {
        case "t": return true
        case "f": return false
        case let text: throw result.error("holds \"\(text.prefix(40))\", not a boolean", column)
        }
    }

    /// The column's text, or nil for NULL.
    public func optionalString(_ column: some PostgresColumn) throws(PostgresError) -> String? {
        try isNull(column) ? nil : string(column)
    }

    /// The column as an integer, or nil for NULL.
    public func optionalInt(_ column: some PostgresColumn) throws(PostgresError) -> Int? {
        try isNull(column) ? nil : int(column)
    }

    /// The column as a number, or nil for NULL.
    public func optionalDouble(_ column: some PostgresColumn) throws(PostgresError) -> Double? {
        try isNull(column) ? nil : double(column)
    }

    /// A `bytea` column's bytes (either output format, hex or escape).
    public func bytes(_ column: some PostgresColumn) throws(PostgresError) -> [UInt8] {
        let (_, pointer) = try value(column)
        var count = 0
        guard let bytes = pointer.withMemoryRebound(to: UInt8.self, capacity: 1, { PQunescapeBytea($0, &count) }) else {
            throw result.error("could not be read as bytea (out of memory)", column)
        }
        defer { PQfreemem(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// The column's index and its NUL-terminated text; throws for NULL.
    private func value(_ column: some PostgresColumn) throws(PostgresError) -> (Int32, UnsafeMutablePointer<CChar>) {
        let index = try result.index(column)
        guard PQgetisnull(result.handle, row, index) == 0, let pointer = PQgetvalue(result.handle, row, index) else {
            throw result.error("is NULL", column)
        }
        return (index, pointer)
    }
}

/// A result from libpq, cleared when the last row referring to it goes. libpq never
/// changes a result once made, so its rows may be read on any thread.
final class PostgresResult: @unchecked Sendable {
    let handle: OpaquePointer
    let sql: String
    private let names: [String: Int32]

    init(_ handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
        var names: [String: Int32] = [:]
        for index in 0..<PQnfields(handle) where names[String(cString: PQfname(handle, index))] == nil {
            names[String(cString: PQfname(handle, index))] = index
        }
        self.names = names
    }

    deinit { PQclear(handle) }

    var rows: [PostgresRow] { (0..<PQntuples(handle)).map { PostgresRow(result: self, row: $0) } }

    /// The number of rows the statement changed (INSERT, UPDATE, DELETE), else 0.
    var changes: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    func index(_ column: some PostgresColumn) throws(PostgresError) -> Int32 {
        switch column.postgresColumnKey {
        case .index(let index):
            guard index >= 0, index < Int(PQnfields(handle)) else {
                throw PostgresError(.value, message: "no column \(index): the result has \(PQnfields(handle))", sql: sql)
            }
            return Int32(index)
        case .name(let name):
            guard let index = names[name] else {
                let known = names.sorted { $0.value < $1.value }.map(\.key).joined(separator: ", ")
                throw PostgresError(.value, message: "no column \"\(name)\" in the result (it has: \(known))", sql: sql)
            }
            return index
        }
    }

    func error(_ problem: String, _ column: some PostgresColumn) -> PostgresError {
        let name: String
        switch column.postgresColumnKey {
        case .index(let index): name = "column \(index)"
        case .name(let text): name = "column \"\(text)\""
        }
        return PostgresError(.value, message: "\(name) \(problem)", sql: sql)
    }
}

extension PostgresColumnKey: PostgresColumn {
    public var postgresColumnKey: PostgresColumnKey { self }
}

/// The accessors by position that `StoreRow` names, for code shared with SQLite.
extension PostgresRow: StoreRow {
    func isNull(_ column: Int) throws(PostgresError) -> Bool { try isNull(PostgresColumnKey.index(column)) }
    func string(_ column: Int) throws(PostgresError) -> String { try string(PostgresColumnKey.index(column)) }
    func int(_ column: Int) throws(PostgresError) -> Int { try int(PostgresColumnKey.index(column)) }
    func double(_ column: Int) throws(PostgresError) -> Double { try double(PostgresColumnKey.index(column)) }
    func bool(_ column: Int) throws(PostgresError) -> Bool { try bool(PostgresColumnKey.index(column)) }
    func bytes(_ column: Int) throws(PostgresError) -> [UInt8] { try bytes(PostgresColumnKey.index(column)) }
    func optionalString(_ column: Int) throws(PostgresError) -> String? { try optionalString(PostgresColumnKey.index(column)) }
    func optionalInt(_ column: Int) throws(PostgresError) -> Int? { try optionalInt(PostgresColumnKey.index(column)) }
    func optionalDouble(_ column: Int) throws(PostgresError) -> Double? { try optionalDouble(PostgresColumnKey.index(column)) }
}
