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

    /// A record file that cannot be read.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The new complete lines; none while the file does not exist yet.
    func newLines() throws(ReadError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard !isFolder.boolValue else {
            throw ReadError(description: "--record \(path) is a folder; give the file herald apns-sim --record writes")
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seek(toOffset: offset)
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw ReadError(
                description:
                    "--record \(path) cannot be read (\((error as NSError).userInfo[NSUnderlyingErrorKey] ?? error)); check its permissions"
            )
        }
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
