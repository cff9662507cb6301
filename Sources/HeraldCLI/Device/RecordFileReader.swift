import Foundation

/// Follows the APNs simulator's `--record` file (one accepted notification per line,
/// appended as they arrive): each call returns the complete lines written since the
/// last one. A line still being written waits for the next call.
final class RecordFileReader {
    let path: String
    private var offset: UInt64 = 0
    private var partial: [UInt8] = []

    init(path: String) {
        self.path = path
    }

    /// The new complete lines; none while the file does not exist yet.
    func newLines() throws -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: offset)
        let data = try handle.readToEnd() ?? Data()
        offset += UInt64(data.count)
        partial += data
        var lines: [String] = []
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: partial[..<newline], as: UTF8.self)
            partial.removeSubrange(...newline)
            if !line.isEmpty { lines.append(line) }
        }
        return lines
    }
}
