import Foundation
import Testing

/// The gateway's SQL is written once: both stores take their statements from the shared
/// catalogs (`Store/*Statements.swift`). A statement written in one store's files only must
/// say why beside it, in a comment with `StoreStatementsTests.marker` on the line of the
/// statement or one of the three lines above it (fixed SQL the drivers run for a
/// connection, a transaction or a PRAGMA counts too).
@Suite("Store: SQL written once")
struct StoreStatementsTests {
    static let marker = "// one store:"
    static let store = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HeraldStore")

    @Test("every SQL statement outside the shared catalogs carries the reason it is one store's")
    func unmarkedStatements() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 20, "found \(files.count) store files under \(Self.store.path)")
        var unmarked: [String] = []
        for file in files where !Self.isCatalog(file.lastPathComponent) {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for number in Self.statementLines(lines) where !Self.isMarked(lines, number) {
                unmarked.append("\(file.lastPathComponent):\(number + 1): \(lines[number].trimmingCharacters(in: .whitespaces).prefix(80))")
            }
        }
        #expect(unmarked.isEmpty, "SQL in one store's files without \"\(Self.marker) <reason>\" beside it:\n\(unmarked.joined(separator: "\n"))")
    }

    @Test("the scan finds statements in single-line and multi-line literals, and sees the marker")
    func scanner() {
        let lines = [
            "let a = 1",
            "try db.execute(\"UPDATE t SET x = 1\")",
            "try db.query(",
            "    \"\"\"",
            "    SELECT x FROM t",
            "    \"\"\")",
            "// one store: a reason",
            "try db.execute(\"DELETE FROM t\")",
            "let fragment = \"FROM t WHERE x = 1\"",
        ]
        #expect(Self.statementLines(lines) == [1, 4, 7])
        #expect(Self.statementLines(lines).filter { !Self.isMarked(lines, $0) } == [1, 4])
    }

    /// The shared catalogs, and the dialect they are rendered through.
    static func isCatalog(_ name: String) -> Bool { name.hasSuffix("Statements.swift") || name == "SQLDialect.swift" }

    /// The Swift files under Store/, recursively.
    static func sourceFiles() throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: store, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The (0-based) lines where a string literal starts with an SQL statement: a
    /// single-line literal, or the first line of a multi-line one.
    static func statementLines(_ lines: [String]) -> [Int] {
        var found: [Int] = []
        var inMultiline = false
        var multilineFirst = false
        for (number, line) in lines.enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if inMultiline {
                if text.hasPrefix("\"\"\"") {
                    inMultiline = false
                } else if multilineFirst {
                    multilineFirst = false
                    if startsStatement(text) { found.append(number) }
                }
                continue
            }
            if line.hasSuffix("\"\"\"") && line.components(separatedBy: "\"\"\"").count == 2 {
                inMultiline = true
                multilineFirst = true
                continue
            }
            if text.hasPrefix("//") { continue }
            let pieces = line.components(separatedBy: "\"")
            if pieces.count >= 3, stride(from: 1, to: pieces.count, by: 2).contains(where: { startsStatement(pieces[$0]) }) {
                found.append(number)
            }
        }
        return found
    }

    static func startsStatement(_ text: String) -> Bool {
        let words = ["SELECT ", "INSERT ", "UPDATE ", "DELETE ", "WITH ", "CREATE ", "ALTER ", "DROP ", "PRAGMA ", "BEGIN", "COMMIT", "ROLLBACK"]
        let upper = text.trimmingCharacters(in: .whitespaces)
        return words.contains { upper.hasPrefix($0) }
    }

    /// Whether the marker is on the line or one of the three above it.
    static func isMarked(_ lines: [String], _ number: Int) -> Bool {
        lines[max(0, number - 3)...number].contains { $0.contains(marker) }
    }
}
