import Foundation
import Testing
@testable import HeraldCLI

@Suite("JSON lines read a piece at a time")
struct JSONLinesTests {
    /// The lines of `text` read in pieces of `size` bytes, with their numbers.
    static func lines(_ text: String, pieces size: Int) throws -> [(Int, String)] {
        var rest = Data(text.utf8)
        let reader = JSONLines(name: "t") {
            defer { rest = rest.dropFirst(size) }
            return Data(rest.prefix(size))
        }
        var found: [(Int, String)] = []
        while let line = try reader.next() { found.append((reader.lineNumber, String(decoding: line, as: UTF8.self))) }
        return found
    }

    @Test("lines split across pieces, blank lines skipped but counted, the last line without an end, CRLF", arguments: [1, 2, 3, 7, 64, 4096])
    func pieces(size: Int) throws {
        let found = try Self.lines("{\"a\":1}\n\n  \n{\"b\":22}\r\n{\"c\":333}", pieces: size)
        #expect(found.map(\.0) == [1, 4, 5])
        #expect(found.map(\.1) == ["{\"a\":1}", "{\"b\":22}\r", "{\"c\":333}"])
    }

    @Test("empty input, only blank lines, and a final end of line give no extra line")
    func ends() throws {
        #expect(try Self.lines("", pieces: 5).isEmpty)
        #expect(try Self.lines("\n \n\r\n", pieces: 2).isEmpty)
        #expect(try Self.lines("x\n", pieces: 1).map(\.1) == ["x"])
    }

    @Test("a line longer than 1 MiB is refused with its number, not buffered whole")
    func tooLong() throws {
        let text = "{\"a\":1}\n" + String(repeating: "x", count: JSONLines.maxLine + 10) + "\n{\"b\":2}\n"
        #expect {
            _ = try Self.lines(text, pieces: 65_536)
        } throws: { "\($0)".contains("t line 2: longer than 1 MiB") }
    }

    @Test("a file is read 1 MiB at a time: lines across the pieces' edges come whole")
    func largeFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-lines-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let lines = (0..<40_000).map { "{\"n\":\($0),\"pad\":\"\(String(repeating: "x", count: $0 % 97))\"}" }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        let reader = try JSONLines.file(url.path)
        var count = 0
        while let line = try reader.next() {
            #expect(String(decoding: line, as: UTF8.self) == lines[count])
            count += 1
        }
        #expect(count == 40_000)
        #expect(reader.place == "\(url.path) line 40000")
    }
}
