import Foundation
import Testing
@testable import HeraldStore

@Suite("SQLite IN lists: padded to a few cached statements, the same rows")
struct SQLiteInListTests {
    @Test("lists of any length, with repeats, select exactly the rows they name", arguments: [1, 2, 3, 7, 500, 513, 1024, 1025, 2000])
    func sameRows(count: Int) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let db = try SQLiteConnection(path: folder.url.appendingPathComponent("t.sqlite").path)
        try db.executeScript("CREATE TABLE t (n INTEGER PRIMARY KEY, tag TEXT); ")
        try db.executeScript("BEGIN")
        for n in 1...3000 { try db.execute("INSERT INTO t (n, tag) VALUES (?, ?)", [.int(n), .text(n % 2 == 0 ? "even" : "odd")]) }
        try db.executeScript("COMMIT")
        let wanted = (0..<count).map { ($0 * 7) % 2999 + 1 }
        let list = wanted + wanted.prefix(2)  // repeats change nothing
        let rows = try db.query({ "SELECT n FROM t WHERE tag = ? AND n IN (\($0)) ORDER BY n" }, [.text("odd")], in: list.map { .int($0) }) {
            $0.int(0)
        }
        #expect(rows == Set(wanted.filter { $0 % 2 == 1 }).sorted())
        let changed = try db.query({ "UPDATE t SET tag = 'seen' WHERE n IN (\($0)) RETURNING n" }, [], in: list.map { .int($0) }) { $0.int(0) }
        #expect(changed.count == Set(wanted).count, "each row once, whatever the padding")
    }
}
