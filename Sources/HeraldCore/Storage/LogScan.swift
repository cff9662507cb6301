/// What reading a log file found: its records, where the last whole record ends, and
/// what could not be read.
struct LogScan {
    var records: [JSONValue] = []
    /// Offset just after the last whole record: where the next append goes.
    var goodEnd = 0
    /// Bytes at the end that do not form a whole record (a write cut short by a crash).
    var tornTail: TornTail?
    /// Whole lines in the middle whose checksum or JSON is wrong (the disk, not a crash).
    var corrupt: [Int] = []

    /// Parses `bytes` (from `base` in the file): lines of `crc32hex json\n`.
    static func parse(_ bytes: [UInt8], base: Int) -> LogScan {
        var scan = LogScan(goodEnd: base)
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                scan.tornTail = TornTail(offset: base + start, bytes: bytes.count - start)
                break
            }
            if let record = decode(bytes[start..<newline]) {
                scan.records.append(record)
            } else {
                scan.corrupt.append(base + start)
            }
            start = newline + 1
            scan.goodEnd = base + start
        }
        return scan
    }

    private static func decode(_ line: ArraySlice<UInt8>) -> JSONValue? {
        guard line.count > 9, line[line.startIndex + 8] == 0x20 else { return nil }
        let crcText = String(decoding: line.prefix(8), as: UTF8.self)
        let body = line.dropFirst(9)
        guard let crc = UInt32(crcText, radix: 16), CRC32.checksum(body) == crc else { return nil }
        return try? JSONParser(maxDepth: 64).parse(Array(body))
    }

    /// The bytes of one record line.
    static func encode(_ record: JSONValue) -> [UInt8] {
        let body = Array(JSONWriter.serialize(record).utf8)
        return Array(CRC32.hex(CRC32.checksum(body)).utf8) + [0x20] + body + [0x0A]
    }
}

/// The unreadable end of a log: where it starts and how many bytes it has.
public struct TornTail: Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var bytes: Int

    public var description: String { "\(bytes) bytes at offset \(offset) (a write cut short); dropped" }
}
