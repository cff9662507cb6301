import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldCore

@Suite("Hostile input")
struct HostileInputTests {
    let decoder = PayloadDecoder()

    @Test("not JSON, not an object, empty: a clear error")
    func notPayloads() {
        let cases: [(String, String)] = [
            ("hello", "not valid JSON: line 1, column 1"),
            ("", "the input is empty"),
            ("[1, 2]", "found an array"),
            ("\"aps\"", "found a string"),
            ("null", "found null"),
        ]
        for (input, message) in cases {
            #expect {
                try decoder.decode(input)
            } throws: { error in
                "\(error)".contains(message)
            }
        }
    }

    @Test("10,000-deep nesting anywhere is refused quickly")
    func deepNesting() {
        let deep = "{\"aps\": {}, \"x\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
        #expect {
            try decoder.decode(deep)
        } throws: { error in
            "\(error)".contains("nested more than 128 levels")
        }
        // And inside a JSON string that an unwrapper would parse: kept as text, with a note.
        let nestedString = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let n = try? decoder.decode(["payload": .string(nestedString)] as JSONValue)
        #expect(n?.data["payload"]?.stringValue?.count == 20_000)
        #expect(n?.notes.first?.problem.contains("nested more than 64 levels") == true)
    }

    @Test("a 1 MB string decodes; a payload over the limit is refused with its size")
    func large() throws {
        let big = String(repeating: "é", count: 1 << 19)
        let n = try decoder.decode("{\"aps\": {\"alert\": \"\(big)\"}}")
        #expect(n.content.body?.count == 1 << 19)
        var options = PayloadDecoderOptions()
        options.maxBytes = 1000
        #expect {
            try PayloadDecoder(options: options).decode(String(repeating: " ", count: 1001) + "{}")
        } throws: { error in
            "\(error)".hasPrefix("the payload is 1003 bytes; at most 1000 are read")
        }
    }

    @Test("invalid UTF-8 is refused, not replaced")
    func invalidUTF8() {
        let bytes = Array("{\"aps\": {\"alert\": \"".utf8) + [0xFF, 0xFE] + Array("\"}}".utf8)
        #expect {
            try decoder.decode(bytes)
        } throws: { error in
            "\(error)".contains("not valid UTF-8")
        }
    }

    @Test("wrong types everywhere: decoded as far as possible, every problem noted")
    func wrongTypes() throws {
        let n = try decoder.decode([
            "aps": [
                "alert": ["title": ["x"], "body": 5, "loc-args": 3], "badge": [:], "sound": [1],
                "content-available": "yes", "mutable-content": [], "category": [:], "thread-id": 3,
                "interruption-level": 7, "relevance-score": "high", "timestamp": "soon",
            ],
            "custom": "not an object", "data": 1, "att": 5, "_": 3, "ab": "x", "itbl": [],
        ] as JSONValue)
        #expect(n.aps.alert?.body == "5")
        #expect(n.aps.badge == nil)
        #expect(n.aps.threadID == "3")
        #expect(n.aps.contentAvailable)
        #expect(n.notes.count >= 10)
        #expect(n.attachments.isEmpty)
    }

    @Test("provider keys of the wrong shape never crash recognition or extraction")
    func wrongProviderShapes() throws {
        let shapes: [JSONValue] = [
            ["data": ["pusher": "x"]], ["data": ["pusher": ["publishId": ["a"]]]], ["custom": ["i": [1], "a": "str"]],
            ["os_data": 1], ["com.urbanairship.media_attachment": ["url": 5, "urls": [1, ["url": []]]]],
            ["ab": ["att": ["url": 1]]], ["itbl": ["defaultAction": 4, "attachment-url": []]],
            ["gcm.message_id": ["x": 1], "fcm_options": ["image": ["y"]]], ["_j_msgid": nil], ["_grinfo_": [1, "x", ["url": "ftp://x"]]],
            ["d": [], "p": [:]], ["herald": ["publishId": [:]]], ["^d": 5, "_": "x"],
        ]
        for shape in shapes {
            let n = try decoder.decode(shape)
            #expect(n.attachments.allSatisfy { MediaURL.isAttachable($0.url) })
        }
    }

    @Test("random corruptions of real payloads never crash or hang", arguments: ["fcm", "onesignal", "getui", "airship"])
    func corruptions(provider: String) throws {
        let url = Fixture.directory.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/Payloads/\(provider).json")
        let original = try [UInt8](Data(contentsOf: url))
        var rng = SeededGenerator(seed: UInt64(provider.utf8.count))
        for _ in 0..<2000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.remove(at: index)
                default: bytes.insert(Array("{}[]\",:\\".utf8).randomElement(using: &rng)!, at: index)
                }
            }
            if let n = try? decoder.decode(bytes) {
                _ = try? PayloadLinter().lint(.object(n.raw))
            }
        }
    }
}
