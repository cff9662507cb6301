import Foundation
import HeraldCore
import Testing

@testable import HeraldGateway

/// An idempotency key is bound to its request: the same request again answers the first
/// publish; another request with that key is a 409 naming the fields that differ.
@Suite("API: idempotency keys are bound to their request")
struct APIIdempotencyTests {
    static let first: JSONValue = [
        "interests": ["news"], "notification": ["title": "Shipped", "body": "Order 7"],
        "options": ["ttl": 3600, "collapseId": "order-7"], "idempotencyKey": "order-7-shipped",
    ]

    /// `first` with the fields of `set` replaced or added, and `removing` left out.
    static func changed(_ set: [String: JSONValue], removing: String? = nil) -> JSONValue {
        var object = first.objectValue ?? [:]
        object.merge(set) { $1 }
        if let removing { object[removing] = nil }
        return .object(object)
    }

    static func publishCount(_ h: APIHarness) throws -> Int? {
        try h.fixture.scalar("SELECT count(*) FROM publishes")
    }

    @Test("the same request again, in another key order and spacing, answers the first publish", arguments: StoreKind.tested)
    func sameRequest(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let id = try #require(h.publish(Self.first).json?["publishId"]?.stringValue)
        let raw = """
            {"idempotencyKey": "order-7-shipped",  "options": {"collapseId": "order-7", "ttl": 3600},
             "notification": {"body": "Order 7", "title": "Shipped"}, "interests": ["news"]}
            """
        let again = h.send("POST", h.publishes, key: h.serverKey, raw: raw, headers: ["Content-Type": "application/json"])
        #expect(again.status == 202)
        #expect(again.json?["publishId"] == .string(id))
        #expect(again.json?["duplicate"] == true)
        #expect(try Self.publishCount(h) == 1)
        #expect(h.published.count == 1)
    }

    @Test(
        "another request with the key: 409 idempotency_key_reused naming what differs; nothing stored, nothing sent",
        arguments: StoreKind.tested,
        [
            (changed(["interests": ["sports"]]), "interests"),
            (changed(["users": ["u1"]], removing: "interests"), "interests, users"),
            (changed(["notification": ["title": "Shipped", "body": "Order 8"]]), "notification"),
            (changed(["apns": ["aps": ["alert": "Shipped"]]], removing: "notification"), "apns, notification"),
            (changed(["options": ["ttl": 60, "collapseId": "order-7"]]), "options.ttl"),
            (changed(["options": ["ttl": 3600, "collapseId": "order-7", "sendAt": 1_800_003_600]]), "options.sendAt"),
            (changed([:], removing: "options"), "options.collapseId, options.ttl"),
        ] as [(JSONValue, String)])
    func otherRequest(kind: StoreKind, example: (JSONValue, String)) throws {
        let (body, differing) = example
        let h = try APIHarness(kind)
        let id = try #require(h.publish(Self.first).json?["publishId"]?.stringValue)
        let reused = h.publish(body)
        #expect(reused.status == 409)
        #expect(reused.errorCode == "idempotency_key_reused")
        #expect(
            reused.errorMessage
                == "idempotencyKey: \"order-7-shipped\" was already used for publish \(id), whose request differs in \(differing); send that request unchanged to get publish \(id) again, or use a new idempotency key for a new publish"
        )
        #expect(try Self.publishCount(h) == 1)
        #expect(h.published.count == 1)
        // The first request still answers the first publish.
        #expect(h.publish(Self.first).json?["publishId"] == .string(id))
    }

    @Test("the key is per app, and another key or none makes a new publish", arguments: StoreKind.tested)
    func scope(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let id = try #require(h.publish(Self.first).json?["publishId"]?.stringValue)
        let elsewhere = h.send("POST", "/v1/apps/app_other/publishes", key: h.otherServerKey, json: Self.changed(["interests": ["x"]]))
        #expect(elsewhere.status == 202 && elsewhere.json?["duplicate"] == nil)
        let newKey = h.publish(Self.changed(["idempotencyKey": "order-8-shipped"]))
        #expect(newKey.status == 202 && newKey.json?["duplicate"] == nil)
        let unkeyed = Self.changed([:], removing: "idempotencyKey")
        let first = h.publish(unkeyed).json?["publishId"]
        let second = h.publish(unkeyed).json?["publishId"]
        #expect(first != nil && first != second && first != .string(id))
        #expect(try Self.publishCount(h) == 5)
    }
}
