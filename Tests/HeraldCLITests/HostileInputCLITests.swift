import Foundation
import HeraldCore
import Testing

/// Input nobody should send, through both commands: a clear message and the
/// documented exit status (inspect 2, lint 2 for input that is not a JSON object).
@Suite("Hostile input through the CLI")
struct HostileInputCLITests {
    /// Runs `herald inspect` and `herald lint` on `bytes`, written to a temporary file.
    static func both(_ bytes: Data) async throws -> (inspect: CLIRun, lint: CLIRun) {
        try await withTemporaryFile(bytes) { path in
            (await CLIRun(["inspect", "--json", path]), await CLIRun(["lint", path]))
        }
    }

    /// Both commands refuse the input: exit 2, nothing on stdout, `message` on stderr.
    static func expectRefused(_ bytes: Data, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (inspect, lint) = try await both(bytes)
        for (name, run) in [("inspect", inspect), ("lint", lint)] {
            #expect(run.status == 2, "\(name)", sourceLocation: sourceLocation)
            #expect(run.out.isEmpty, "\(name)", sourceLocation: sourceLocation)
            #expect(run.errLines.count == 1, "\(name): \(run.err)", sourceLocation: sourceLocation)
            #expect(run.err.contains(message), "\(name): \(run.err)", sourceLocation: sourceLocation)
        }
        #expect(inspect.err.hasPrefix("herald inspect: "), sourceLocation: sourceLocation)
        #expect(lint.err.hasPrefix("error: payload: "), sourceLocation: sourceLocation)
    }

    @Test("not JSON")
    func notJSON() async throws {
        try await Self.expectRefused(Data("hello, APNs".utf8), "not valid JSON: line 1, column 1: found 'h' where a value was expected")
    }

    @Test("empty input")
    func empty() async throws {
        try await Self.expectRefused(Data(), "not valid JSON: line 1, column 1: the input is empty")
        let stdin = await CLIRun(["lint"], stdin: "")
        #expect(stdin.status == 2)
        #expect(stdin.err.contains("the input is empty"))
    }

    @Test("a JSON array, string or null at the top level")
    func notAnObject() async throws {
        try await Self.expectRefused(
            Data("[{\"aps\": {\"alert\": \"x\"}}]".utf8), "a payload is a JSON object such as {\"aps\": {...}}, found an array")
        try await Self.expectRefused(Data("\"aps\"".utf8), "found a string")
        try await Self.expectRefused(Data("null".utf8), "found null")
    }

    @Test("10,000-deep nesting is refused, arrays and objects")
    func deepNesting() async throws {
        let arrays = "{\"aps\": {}, \"x\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        try await Self.expectRefused(Data(arrays.utf8), "values are nested more than 128 levels deep")
        let objects = String(repeating: "{\"a\":", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        try await Self.expectRefused(Data(objects.utf8), "line 1, column 641: values are nested more than 128 levels deep")
    }

    @Test("a 1 MB string value: inspect reads it, lint says it is too large")
    func megabyteString() async throws {
        let big = String(repeating: "x", count: 1 << 20)
        let (inspect, lint) = try await Self.both(Data("{\"aps\": {\"alert\": \"hi\"}, \"blob\": \"\(big)\"}".utf8))
        #expect(inspect.status == 0)
        #expect(inspect.err.isEmpty)
        let report = try #require(try inspect.jsonLines().first)
        #expect(report["data"]?["blob"]?.stringValue?.utf8.count == 1 << 20)
        let minifiedSize = "{\"aps\":{\"alert\":\"hi\"},\"blob\":\"\"}".utf8.count + (1 << 20)
        #expect(lint.status == 1)
        #expect(
            lint.outLines == [
                "error: payload: \(minifiedSize) bytes when minified; APNs accepts at most 4096 for push type alert; shorten the text or move data behind an id the app fetches"
            ])
    }

    @Test("more than 4 MiB is refused before parsing")
    func tooLarge() async throws {
        let huge = "{\"blob\": \"" + String(repeating: "x", count: 5 << 20) + "\"}"
        try await Self.expectRefused(Data(huge.utf8), "at most 4194304 are read")
    }

    @Test(
        "invalid UTF-8 bytes",
        arguments: [
            [0xFF, 0xFE],  // never valid
            [0xC3],  // cut short
            [0xED, 0xA0, 0x80],  // an encoded surrogate
            [0xC0, 0xAF],  // overlong
        ] as [[UInt8]])
    func invalidUTF8(_ bad: [UInt8]) async throws {
        var bytes = Array("{\"aps\": {\"alert\": \"caf".utf8)
        bytes += bad
        bytes += Array("\"}}".utf8)
        try await Self.expectRefused(Data(bytes), "line 1, column 20: the text is not valid UTF-8; save the file as UTF-8")
    }

    @Test("invalid UTF-8 in a key, and outside any string")
    func invalidUTF8Elsewhere() async throws {
        try await Self.expectRefused(Data([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D]), "not valid UTF-8")
        try await Self.expectRefused(Data([0x7B, 0x7D, 0xFF]), "line 1, column 3: more content after the JSON value")
    }

    @Test("a UTF-8 byte order mark is accepted")
    func byteOrderMark() async throws {
        let (inspect, lint) = try await Self.both(Data([0xEF, 0xBB, 0xBF]) + Data("{\"aps\": {\"alert\": \"x\"}}".utf8))
        #expect(inspect.status == 0)
        #expect(lint.status == 0)
    }

    @Test("a payload field holding \"{garbage\" is kept as text with a note")
    func garbagePayloadField() async throws {
        let (inspect, lint) = try await Self.both(Data("{\"aps\": {\"alert\": \"x\"}, \"payload\": \"{garbage\"}".utf8))
        #expect(inspect.status == 0)
        let report = try #require(try inspect.jsonLines().first)
        #expect(report["data"] == ["payload": "{garbage"])
        let notes = report["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(notes.count == 1)
        #expect(notes.first?.hasPrefix("payload: not a JSON string: it looks like JSON but is not: line 1, column 2:") == true)
        #expect(notes.first?.hasSuffix("; kept as received") == true)
        // A warning only: clean unless --strict.
        #expect(lint.status == 0)
        #expect(lint.outLines.count == 1)
        #expect(lint.outLines.first?.hasPrefix("warning: payload: not a JSON string") == true)
    }

    /// docs/providers.md: GeTui "matches when `_gmid_` or `_ge_` is present"; a top-level
    /// `payload` alone is an app's own key, so the payload is plain APNs.
    @Test("a top-level payload key alone does not make a payload GeTui's")
    func payloadKeyIsNotGeTui() async throws {
        let run = await CLIRun(["inspect", "--json"], stdin: "{\"aps\": {\"alert\": \"x\"}, \"payload\": \"{garbage\"}")
        #expect(try run.jsonLines().first?["provider"] == "apns")
    }

    static let wrongTypes = """
        {"aps": {"alert": 5, "badge": {}, "sound": [1], "content-available": "yes", "mutable-content": [], "category": {}, \
        "thread-id": 3, "interruption-level": 7, "relevance-score": "high"}, "data": 1}
        """

    @Test("wrong types everywhere: inspect reads what it can and notes every key")
    func wrongTypesInspect() async throws {
        let run = await CLIRun(["inspect", "--json"], stdin: Self.wrongTypes)
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        let report = try #require(try run.jsonLines().first)
        InspectJSONTests.checkShape(report, "wrong types")
        #expect(report["alert"] == ["title": nil, "subtitle": nil, "body": "5"])
        #expect(report["badge"]?.isNull == true)
        #expect(report["sound"]?.isNull == true)
        #expect(report["category"]?.isNull == true)
        #expect(report["threadId"] == "3")
        #expect(report["contentAvailable"] == true)
        #expect(report["mutableContent"] == false)
        #expect(report["interruptionLevel"] == "7")
        #expect(report["relevanceScore"]?.isNull == true)
        #expect(report["data"] == ["data": 1])
        let notes = report["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for key in [
            "alert", "badge", "sound", "content-available", "mutable-content", "category", "thread-id", "interruption-level",
            "relevance-score",
        ] {
            #expect(notes.contains { $0.hasPrefix("aps.\(key): ") }, "a note for aps.\(key)")
        }
    }

    @Test("wrong types everywhere: lint gives one error per key, exit 1")
    func wrongTypesLint() async {
        let run = await CLIRun(["lint"], stdin: Self.wrongTypes)
        #expect(run.status == 1)
        #expect(run.err.isEmpty)
        #expect(
            Set(run.outLines) == [
                "error: aps.alert: expected a string or an object, found 5",
                "error: aps.badge: expected an integer, found {}",
                "error: aps.sound: expected a string or an object, found [1]",
                "error: aps.thread-id: expected a string, found 3",
                "error: aps.category: expected a string, found an object",
                "error: aps.content-available: expected 1, found \"yes\"",
                "error: aps.mutable-content: expected 1, found []",
                "error: aps.interruption-level: expected a string, found 7",
                "error: aps.relevance-score: expected a number, found \"high\"",
                "error: aps.interruption-level: \"7\" is not one of passive, active, time-sensitive, critical",
            ])
        #expect(run.outLines.allSatisfy { $0.hasPrefix("error: ") })
    }

    @Test("aps that is not an object")
    func apsNotAnObject() async throws {
        let (inspect, lint) = try await Self.both(Data("{\"aps\": [\"alert\"]}".utf8))
        #expect(inspect.status == 0)
        #expect(try inspect.jsonLines().first?["notes"] == ["aps: expected an object, found an array; ignored"])
        #expect(lint.status == 1)
        #expect(lint.outLines.first == "error: aps: expected an object, found an array")
    }

    @Test("NUL and control characters: escaped ones are fine, raw ones are refused")
    func controlCharacters() async throws {
        let escaped = await CLIRun(["inspect", "--json"], stdin: "{\"aps\": {\"alert\": \"a\\u0000b\\n\"}}")
        #expect(escaped.status == 0)
        #expect(try escaped.jsonLines().first?["alert"]?["body"] == "a\u{0}b\n")
        try await Self.expectRefused(Data("{\"aps\": {\"alert\": \"a\u{0}b\"}}".utf8), "a control character inside a string must be escaped")
    }

    @Test("lone surrogate escapes are refused")
    func loneSurrogate() async throws {
        try await Self.expectRefused(Data("{\"aps\": {\"alert\": \"\\ud800\"}}".utf8), "invalid escape \\ud800 (a lone surrogate)")
    }
}
