import Foundation
import Testing

@testable import HeraldCore

@Suite("Typed app messages")
struct MessageTests {
    /// Seed 000's model.
    struct SeedPush: Decodable, Equatable {
        let id: String
        let mid: String
        let title: String
        let content: String
        let url: String
        let urltype: String
    }

    struct Topic: Decodable, Equatable {
        let pushtopic: String
    }

    let seed000: JSONValue = [
        "aps": ["alert": "New reply"], "id": "17", "mid": "m-9", "title": "Support", "content": "We replied",
        "url": "https://shop.example.com/trace/123", "urltype": "h5",
    ]

    @Test("decodes the app's model from the top level in one call")
    func topLevel() throws {
        let n = try PayloadDecoder().decode(seed000)
        #expect(try n.message(SeedPush.self) == SeedPush(
            id: "17", mid: "m-9", title: "Support", content: "We replied", url: "https://shop.example.com/trace/123", urltype: "h5"))
    }

    @Test("decodes from a nested key and from a JSON-string field")
    func nested() throws {
        let n = try PayloadDecoder().decode([
            "payload": "{\"aps\": {\"pushtopic\": \"Sale\"}}", "wrapper": ["inner": ["pushtopic": "Nested"]],
        ] as JSONValue)
        #expect(try n.message(Topic.self, from: .path("payload.aps")) == Topic(pushtopic: "Sale"))
        #expect(try n.message(Topic.self, from: .path("wrapper.inner")) == Topic(pushtopic: "Nested"))

        var options = PayloadDecoderOptions()
        options.unwrappers = []
        let raw = try PayloadDecoder(options: options).decode(["payload": "{\"pushtopic\": \"Raw\"}"] as JSONValue)
        #expect(try raw.message(Topic.self, from: .path("payload")) == Topic(pushtopic: "Raw"))
    }

    @Test("decodes from an encrypted field")
    func encrypted() throws {
        let n = try PayloadDecoder().decode(["msg": .string(XORDecryptor.encrypt("{\"pushtopic\": \"Secret\"}"))] as JSONValue)
        #expect(try n.message(Topic.self, from: .encrypted("msg", decryptor: XORDecryptor())) == Topic(pushtopic: "Secret"))
    }

    @Test("says where and what when the model does not fit")
    func errors() throws {
        let n = try PayloadDecoder().decode(seed000)
        struct Wrong: Decodable { let id: Int }
        #expect {
            try n.message(Wrong.self)
        } throws: { error in
            "\(error)".hasPrefix("data: expected Int at id")
        }
        #expect {
            try n.message(Topic.self, from: .path("nowhere"))
        } throws: { error in
            "\(error)" == "nowhere: no such key in the payload"
        }
        #expect {
            try n.message(Topic.self, from: .encrypted("mid", decryptor: FailingDecryptor()))
        } throws: { error in
            "\(error)".contains("could not decrypt")
        }
    }
}
