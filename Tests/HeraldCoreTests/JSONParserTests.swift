import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldCore

@Suite("JSON parser")
struct JSONParserTests {
    let parser = JSONParser()

    @Test("parses every kind of value")
    func parsesValues() throws {
        let value = try parser.parse(#"{"a": [1, -2, 3.5, 1e3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}}"#)
        #expect(value == ["a": [1, -2, 3.5, 1000.0, true, false, nil, "x\né😀"], "b": [:]])
    }

    @Test("keeps integers apart from doubles; huge integers become doubles")
    func numbers() throws {
        #expect(try parser.parse("42") == .int(42))
        #expect(try parser.parse("-0") == .int(0))
        #expect(try parser.parse("4.0") == .double(4))
        #expect(try parser.parse("123456789012345678901234567890") == .double(123456789012345678901234567890.0))
    }

    @Test("skips a byte order mark")
    func byteOrderMark() throws {
        #expect(try parser.parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == [:])
    }

    @Test(
        "refuses malformed input with a positioned reason",
        arguments: [
            ("", "the input is empty"),
            ("{\"a\": 1", "ends too early"),
            ("{\"a\" 1}", "':' after the member name"),
            ("{\"a\": 1,}", "a member name"),
            ("[1, 2", "ends too early"),
            ("01", "invalid number 01"),
            ("1.", "invalid number"),
            ("-", "invalid number"),
            ("tru", "ends too early"),
            ("nul!", "found '!'"),
            ("{} {}", "more content after"),
            ("\"a\tb\"", "control character"),
            ("\"\\x\"", "invalid escape \\x"),
            ("\"\\ud800\"", "lone surrogate"),
            ("\"\\udc00\"", "lone surrogate"),
            ("\"\\u12g4\"", "non-hex"),
            ("1e999", "invalid number"),
        ])
    func refusesMalformed(input: String, expected: String) {
        #expect {
            try parser.parse(input)
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test("reports line and column")
    func position() {
        do {
            _ = try parser.parse("{\n  \"a\": 1\n  \"b\": 2\n}")
            Issue.record("expected a failure")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 3)
            #expect(error.description.hasPrefix("line 3, column 3:"))
        }
    }

    @Test("refuses 10,000-deep nesting without overflowing the stack")
    func deepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParseError.self) { try parser.parse(deep) }
        let deepObjects = String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        do {
            _ = try parser.parse(deepObjects)
            Issue.record("expected a depth error")
        } catch {
            #expect(error.reason == .tooDeep(limit: 512))
        }
    }

    @Test("accepts nesting up to the limit")
    func nestingAtLimit() throws {
        let parser = JSONParser(maxDepth: 10)
        let ten = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        _ = try parser.parse(ten)
        #expect(throws: JSONParseError.self) { try parser.parse("[" + ten + "]") }
    }

    @Test("refuses invalid UTF-8 instead of replacing it")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("{\"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        do {
            _ = try parser.parse(bytes)
            Issue.record("expected a failure")
        } catch {
            #expect(error.reason == .invalidUTF8)
        }
        let inEscapedString: [UInt8] = Array("\"\\n".utf8) + [0xFF] + Array("\"".utf8)
        #expect(throws: JSONParseError.self) { try parser.parse(inEscapedString) }
    }

    @Test("reads a 1 MB string")
    func largeString() throws {
        let big = String(repeating: "x", count: 1 << 20)
        #expect(try parser.parse("{\"s\": \"\(big)\"}")["s"]?.stringValue?.count == 1 << 20)
    }

    @Test("writer output parses back to the same value")
    func roundTrip() throws {
        let value: JSONValue = ["s": "quote \" slash \\ tab \t nul \u{0} é", "n": [1, 2.5, -3e-7], "o": ["k": nil, "b": false]]
        #expect(try parser.parse(JSONWriter.serialize(value)) == value)
        #expect(try parser.parse(JSONWriter.serialize(value, pretty: true)) == value)
    }

    @Test("never crashes on random bytes")
    func randomBytes() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<3000 {
            let length = Int.random(in: 0..<64, using: &rng)
            let alphabet = Array("{}[]\":,0123456789.eE-+tfnul \\u\n".utf8) + [0xC3, 0xFF, 0x80]
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &rng)! }
            _ = try? parser.parse(bytes)
        }
    }
}
