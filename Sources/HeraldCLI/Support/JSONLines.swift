import Foundation

/// A file of JSON lines (or standard input) read a piece at a time, line by line: a file
/// of a million devices is never held whole. Blank lines are skipped; each line comes
/// with its number, for errors that say where.
final class JSONLines {
    /// How the input is named in errors: the path, or `<stdin>`.
    let name: String
    private let readPiece: () throws -> Data
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    private(set) var lineNumber = 0
    /// The longest line read (bytes): a file without line ends is refused, not buffered whole.
    static let maxLine = 1 << 20

    init(name: String, readPiece: @escaping () throws -> Data) {
        self.name = name
        self.readPiece = readPiece
    }

    /// The file at `path`, read 1 MiB at a time; `name` in errors (the path by default).
    static func file(_ path: String, name: String? = nil) throws -> JSONLines {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError("\(path): cannot be read; check its permissions")
        }
        return JSONLines(name: name ?? path) { try handle.read(upToCount: 1 << 20) ?? Data() }
    }

    /// The next line that is not blank (without its end of line), or nil at the end.
    func next() throws -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                guard newline - start <= Self.maxLine else { throw tooLong() }
                let line = buffer[start..<newline]
                start = newline + 1
                lineNumber += 1
                if !Self.isBlank(line) { return line }
                continue
            }
            guard !ended else {
                guard start < buffer.count else { return nil }
                guard buffer.count - start <= Self.maxLine else { throw tooLong() }
                // The last line, without an end of line.
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                return Self.isBlank(line) ? nil : line
            }
            // Keep the unfinished line, then read on.
            buffer.removeFirst(start)
            start = 0
            guard buffer.count <= Self.maxLine else { throw tooLong() }
            let piece = try readPiece()
            if piece.isEmpty { ended = true } else { buffer.append(contentsOf: piece) }
        }
    }

    /// Where the last line came from, for an error: "name line N".
    var place: String { "\(name) line \(lineNumber)" }

    private func tooLong() -> InputError {
        InputError("\(name) line \(lineNumber + 1): longer than \(Self.maxLine >> 20) MiB; give one JSON value per line")
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 32 || $0 == 13 || $0 == 9 }
    }
}
