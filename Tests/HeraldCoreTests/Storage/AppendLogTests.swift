import Foundation
import Testing

@testable import HeraldCore

@Suite("Append-only log")
struct AppendLogTests {
    @Test("records survive reopening, in order")
    func reopen() throws {
        let dir = try TemporaryDirectory()
        let log = try AppendLog(directory: dir.url, name: "t.log")
        try log.transaction { _ in ([["n": 1], ["n": 2]], ()) }
        try log.transaction { records in ([["n": .int(records.count + 1)]], ()) }
        #expect(try AppendLog(directory: dir.url, name: "t.log").records() == [["n": 1], ["n": 2], ["n": 3]])
    }

    @Test("each record is one checksummed line")
    func format() throws {
        let dir = try TemporaryDirectory()
        try AppendLog(directory: dir.url, name: "t.log").transaction { _ in ([["a": "b"]], ()) }
        let text = String(decoding: dir.contents(of: "t.log"), as: UTF8.self)
        #expect(text == CRC32.hex(CRC32.checksum(Array(#"{"a":"b"}"#.utf8))) + #" {"a":"b"}"# + "\n")
    }

    @Test("a torn tail is reported, then cut off by the next writer; nothing else is lost")
    func tornTail() throws {
        let dir = try TemporaryDirectory()
        let log = try AppendLog(directory: dir.url, name: "t.log")
        try log.transaction { _ in ([["n": 1], ["n": 2]], ()) }
        let whole = dir.contents(of: "t.log").count
        try dir.append(Array("1234abcd {\"n\": 3".utf8), to: "t.log")

        let reader = try AppendLog(directory: dir.url, name: "t.log")
        #expect(try reader.records() == [["n": 1], ["n": 2]])
        #expect(reader.lastTornTail == TornTail(offset: whole, bytes: 16))
        #expect(dir.contents(of: "t.log").count == whole + 16, "a reader does not change the file")

        try reader.transaction { _ in ([["n": 4]], ()) }
        #expect(try AppendLog(directory: dir.url, name: "t.log").records() == [["n": 1], ["n": 2], ["n": 4]])
    }

    @Test("a corrupt line in the middle is skipped and reported")
    func corruptLine() throws {
        let dir = try TemporaryDirectory()
        let log = try AppendLog(directory: dir.url, name: "t.log")
        try log.transaction { _ in ([["n": 1]], ()) }
        let offset = dir.contents(of: "t.log").count
        try dir.append(Array("00000000 {\"n\": 2}\n".utf8), to: "t.log")
        try log.transaction { _ in ([["n": 3]], ()) }
        let reader = try AppendLog(directory: dir.url, name: "t.log")
        #expect(try reader.records() == [["n": 1], ["n": 3]])
        #expect(reader.corruptOffsets == [offset])
    }

    @Test("two handles on one log see each other's appends and compactions")
    func twoWriters() throws {
        let dir = try TemporaryDirectory()
        let app = try AppendLog(directory: dir.url, name: "t.log")
        let ext = try AppendLog(directory: dir.url, name: "t.log")
        try app.transaction { _ in ([["from": "app"]], ()) }
        let seen = try ext.transaction { records in ([["from": "extension"]], records.count) }
        #expect(seen == 1)
        try app.rewrite { records in records.filter { $0["from"] == "extension" } }
        try ext.transaction { records in ([["after": .int(records.count)]], ()) }
        #expect(try app.records() == [["from": "extension"], ["after": 1]])
        #expect(try ext.records() == [["from": "extension"], ["after": 1]])
    }

    @Test("a folder that does not exist is a clear error")
    func missingFolder() {
        #expect {
            try AppendLog(directory: URL(fileURLWithPath: "/nonexistent/herald"), name: "t.log")
        } throws: { error in
            "\(error)".contains("open /nonexistent/herald/t.log.lock failed")
        }
    }
}
