import Foundation
import Testing

/// No store method is written twice: a method both stores run with the same body belongs
/// in an extension of `SQLStore` (written once over either database), not in a copy in
/// `SQLiteStore` and another in `PostgresStore`. This reads the two stores' files and
/// fails on a method of the same name whose body is the same text in both.
@Suite("Store: no method written twice")
struct StoreMethodsTests {
    struct Method: Equatable {
        var name: String
        var place: String
        /// The declaration and body, each line trimmed, blank lines and comments left out.
        var text: String
    }

    @Test("no method of SQLiteStore and PostgresStore has the same name and the same body")
    func noCopies() throws {
        let files = try StoreStatementsTests.sourceFiles()
        let sqlite = try Self.methods(in: files.filter { Self.isSQLiteFile($0) })
        let postgres = try Self.methods(in: files.filter { $0.deletingLastPathComponent().lastPathComponent == "Postgres" })
        #expect(sqlite.count > 20 && postgres.count > 20, "found \(sqlite.count) and \(postgres.count) methods")
        let copies = sqlite.flatMap { one in
            postgres.filter { $0.name == one.name && $0.text == one.text }.map { "\(one.place) ~ \($0.place): \(one.name)" }
        }
        #expect(copies.isEmpty, "written in both stores; move it to an extension of SQLStore:\n\(copies.joined(separator: "\n"))")
    }

    @Test("the scan finds methods with their bodies, and tells a copy from a method that differs")
    func scanner() {
        let a = Self.methods(
            in: [
                "extension S {", "    public func f(x: Int) -> Int {", "        // a note", "        x + 1", "    }",
                "    func g() { h() }", "}",
            ], place: "a")
        let b = Self.methods(in: ["    public func f(x: Int) -> Int {", "", "        x + 1", "    }", "    func g() { k() }"], place: "b")
        #expect(a.map(\.name) == ["f", "g"])
        #expect(a[0].text == b[0].text)
        #expect(a[1].text != b[1].text)
        #expect(a[0].place == "a:2")
    }

    static func isSQLiteFile(_ file: URL) -> Bool {
        file.lastPathComponent.hasPrefix("SQLiteStore") || file.deletingLastPathComponent().lastPathComponent == "SQLite"
    }

    static func methods(in files: [URL]) throws -> [Method] {
        try files.flatMap { file in
            methods(in: try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n"), place: file.lastPathComponent)
        }
    }

    /// Each `func` in `lines` with its body: from its line to the line where its braces close.
    static func methods(in lines: [String], place: String) -> [Method] {
        var found: [Method] = []
        var number = 0
        while number < lines.count {
            guard let name = functionName(lines[number]) else {
                number += 1
                continue
            }
            var depth = 0
            var opened = false
            var text: [String] = []
            let first = number
            while number < lines.count {
                let line = lines[number].trimmingCharacters(in: .whitespaces)
                if !line.isEmpty, !line.hasPrefix("//") { text.append(line) }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                opened = opened || line.contains("{")
                number += 1
                if opened, depth <= 0 { break }
            }
            found.append(Method(name: name, place: "\(place):\(first + 1)", text: text.joined(separator: "\n")))
        }
        return found
    }

    /// The name of the function a line declares, if it declares one.
    static func functionName(_ line: String) -> String? {
        guard let range = line.range(of: "func "), !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { return nil }
        let before = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        let modifiers: Set<String> = [
            "public", "private", "fileprivate", "internal", "package", "static", "override", "nonisolated", "@discardableResult",
        ]
        guard before.split(separator: " ").allSatisfy({ modifiers.contains(String($0)) }) else { return nil }
        let name = line[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }
}
