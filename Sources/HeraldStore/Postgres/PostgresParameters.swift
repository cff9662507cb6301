import Foundation

extension SQLValue {
    /// The bytes libpq sends, and whether they are binary; nil for NULL.
    func encoded(sql: String) throws(PostgresError) -> (bytes: [UInt8], binary: Bool)? {
        switch self {
        case .text(let text):
            guard !text.utf8.contains(0) else {
                throw PostgresError(
                    .value, message: "text parameters cannot hold a NUL byte (PostgreSQL text cannot); send bytes", sql: sql)
            }
            return (Array(text.utf8), false)
        case .int(let number): return (Array(String(number).utf8), false)
        // Swift's description is the shortest text that reads back as the same Double, and
        // PostgreSQL reads its "inf", "-inf" and "nan" too.
        case .double(let number): return (Array(number.description.utf8), false)
        case .bool(let flag): return (Array((flag ? "t" : "f").utf8), false)
        case .bytes(let bytes): return (bytes, true)
        case .null: return nil
        }
    }
}

/// Parameters laid out as libpq's C arrays for one call; the memory lives as long as
/// the closure given to `withArrays`.
struct PostgresParameters {
    private let encoded: [(bytes: [UInt8], binary: Bool)?]

    init(_ values: [SQLValue], sql: String) throws(PostgresError) {
        var encoded: [(bytes: [UInt8], binary: Bool)?] = []
        encoded.reserveCapacity(values.count)
        for value in values { encoded.append(try value.encoded(sql: sql)) }
        self.encoded = encoded
    }

    var count: Int32 { Int32(encoded.count) }

    /// Calls `body` with the values (NUL-terminated, NULL for SQL NULL), lengths and
    /// formats (0 text, 1 binary).
    func withArrays<T>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) -> T
    ) -> T {
        let buffers: [UnsafeMutablePointer<CChar>?] = encoded.map { value in
            guard let value else { return nil }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: value.bytes.count + 1)
            value.bytes.withUnsafeBytes { source in
                if let start = source.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: start, byteCount: source.count) }
            }
            buffer[value.bytes.count] = 0
            return buffer
        }
        defer { buffers.forEach { $0?.deallocate() } }
        let values = buffers.map { UnsafePointer($0) }
        let lengths = encoded.map { Int32($0?.bytes.count ?? 0) }
        let formats = encoded.map { Int32($0?.binary == true ? 1 : 0) }
        return values.withUnsafeBufferPointer { values in
            lengths.withUnsafeBufferPointer { lengths in
                formats.withUnsafeBufferPointer { formats in
                    body(values.baseAddress, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}
