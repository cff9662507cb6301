import Foundation
import Testing

@testable import HeraldCore

/// A toy reversible cipher for tests: XOR with a key byte. Never a real scheme.
struct XORDecryptor: PayloadDecryptor {
    var key: UInt8 = 0x5A
    func decrypt(_ ciphertext: Data, field: String) throws -> Data {
        Data(ciphertext.map { $0 ^ key })
    }
    static func encrypt(_ text: String, key: UInt8 = 0x5A) -> String {
        Data(text.utf8.map { $0 ^ key }).base64EncodedString()
    }
}

struct FailingDecryptor: PayloadDecryptor {
    struct Failure: Error, CustomStringConvertible { var description: String { "authentication tag mismatch" } }
    func decrypt(_ ciphertext: Data, field: String) throws -> Data { throw Failure() }
}

@Suite("Unwrapping fields")
struct UnwrapTests {
    @Test("a JSON string field becomes JSON (seed 002's GeTui payload)")
    func jsonString() throws {
        let payload: JSONValue = [
            "aps": ["alert": ["body": "b"], "mutable-content": 1],
            "payload": "{\"aps\": {\"pushtopic\": \"Topic\", \"pushimageurl\": \"https://img.example.com/p?id=1\"}}",
        ]
        let n = try PayloadDecoder().decode(payload)
        #expect(n.data["payload"]?[path: "aps.pushtopic"] == "Topic")
        #expect(n.attachments.map(\.url) == ["https://img.example.com/p?id=1"])
        #expect(n.notes.contains { $0.path == "payload" && $0.severity == .info })
        #expect(n.raw["payload"]?.stringValue != nil, "the raw payload stays as received")
    }

    @Test("a string that only looks like JSON is kept, with a note")
    func garbage() throws {
        let n = try PayloadDecoder().decode(["payload": "{garbage", "other": "[1, 2"] as JSONValue)
        #expect(n.data["payload"] == "{garbage")
        #expect(n.data["other"] == "[1, 2")
        #expect(n.notes.filter { $0.severity == .warning }.map(\.path).sorted() == ["other", "payload"])
    }

    @Test("plain strings are left alone")
    func plainStrings() throws {
        let n = try PayloadDecoder().decode(["title": "{not json} but text", "n": "123"] as JSONValue)
        #expect(n.data["n"] == "123")
        #expect(n.notes.count == 1)
    }

    @Test("an encrypted field is decrypted through the app's decryptor (seed 003's UMeng msg)")
    func encrypted() throws {
        var options = PayloadDecoderOptions()
        options.unwrappers = [EncryptedFieldUnwrapper(fields: ["msg"], decryptor: XORDecryptor()), JSONStringUnwrapper()]
        let secret = XORDecryptor.encrypt("{\"type\": \"articles\", \"conId\": 42}")
        let n = try PayloadDecoder(options: options).decode(["aps": ["alert": "x"], "d": "uu1", "p": 0, "msg": .string(secret)] as JSONValue)
        #expect(n.provider == .umeng)
        #expect(n.data["msg"] == ["type": "articles", "conId": 42])
    }

    @Test("encrypted clear text that is not JSON stays text")
    func encryptedText() throws {
        let unwrapper = EncryptedFieldUnwrapper(fields: ["msg"], decryptor: XORDecryptor())
        #expect(try unwrapper.unwrap(field: "msg", value: .string(XORDecryptor.encrypt("hello"))) == "hello")
        #expect(try unwrapper.unwrap(field: "other", value: "x") == nil)
    }

    @Test("hex cipher text is supported")
    func hex() throws {
        let unwrapper = EncryptedFieldUnwrapper(fields: ["msg"], decryptor: XORDecryptor(), encoding: .hex)
        let hex = DeviceToken(data: Data("[1]".utf8.map { $0 ^ 0x5A })).hex
        #expect(try unwrapper.unwrap(field: "msg", value: .string(hex)) == [1])
    }

    @Test("garbage in an encrypted field is reported and kept")
    func encryptedGarbage() throws {
        var options = PayloadDecoderOptions()
        options.unwrappers = [EncryptedFieldUnwrapper(fields: ["msg", "m2", "m3"], decryptor: FailingDecryptor())]
        let n = try PayloadDecoder(options: options).decode(["msg": "%%%not base64", "m2": "AAAA", "m3": 5] as JSONValue)
        #expect(n.data["msg"] == "%%%not base64")
        #expect(n.data["m2"] == "AAAA")
        #expect(n.data["m3"] == 5)
        let problems = Dictionary(uniqueKeysWithValues: n.notes.map { ($0.path, $0.problem) })
        #expect(problems["msg"] == "the value is not valid Base64")
        #expect(problems["m2"] == "could not decrypt: authentication tag mismatch")
        #expect(problems["m3"] == "expected an encrypted string, found an integer")
    }
}
