import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

@Suite("API: devices")
struct APIDeviceTests {
    @Test("register: 201 with an id; the same token again is 200 with the same id", arguments: StoreKind.tested)
    func register(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let token = StoreFixture.token(7).uppercased()
        let body: JSONValue = [
            "token": .string(token), "platform": "apns", "environment": "sandbox", "interests": ["news", "sport"], "userId": "alice",
            "userToken": .string(h.userToken("alice")), "metadata": ["appVersion": "2.1"],
        ]
        let first = h.send("POST", h.devices, key: h.clientKey, json: body)
        #expect(first.status == 201)
        let id = try #require(first.json?["deviceId"]?.stringValue)
        #expect(id.hasPrefix("dev_"))
        let key = try #require(first.json?["deviceKey"]?.stringValue)
        #expect(key.hasPrefix("hdk_") && key.count == 68)
        // Presenting its key, the device keeps it: no new key in the answer.
        let second = h.send(
            "POST", h.devices, key: h.clientKey,
            json: ["token": .string(token.lowercased()), "environment": "production", "deviceKey": .string(key)])
        #expect(second.status == 200)
        #expect(second.json?["deviceId"] == .string(id) && second.json?["deviceKey"] == nil)
        let device = h.send("GET", h.devices + "/" + id, key: key).json
        #expect(device?["token"]?.stringValue == token.lowercased())
        #expect(device?["environment"] == "production")
        #expect(device?["interests"] == ["news", "sport"])
        #expect(device?["userId"] == "alice")
        #expect(device?["metadata"] == ["appVersion": "2.1"])
    }

    @Test("interests, user (login and logout) and delete", arguments: StoreKind.tested)
    func updates(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (id, key) = h.registered(1)
        let path = h.devices + "/" + id
        let interests = h.send("PUT", path + "/interests", key: key, json: ["interests": ["b", "a", "b"]])
        #expect(interests.status == 200)
        #expect(interests.json?["interests"] == ["a", "b"])
        let login = h.send("PUT", path + "/user", key: key, json: ["userId": "bob", "userToken": .string(h.userToken("bob"))])
        #expect(login.json?["userId"] == "bob")
        #expect(h.send("GET", path, key: h.serverKey).json?["userId"] == "bob")
        #expect(h.send("PUT", path + "/user", key: key, json: ["userId": nil]).status == 200)
        #expect(h.send("GET", path, key: h.serverKey).json?["userId"] == .null)
        #expect(h.send("DELETE", path, key: key).status == 204)
        // Its key went with it; the server key learns that the device is gone.
        #expect(h.send("PUT", path + "/interests", key: key, json: ["interests": []]).status == 401)
        let gone = h.send("PUT", path + "/interests", key: h.serverKey, json: ["interests": []])
        #expect(gone.status == 404)
        #expect(gone.errorMessage.contains("no device \(id)"))
        #expect(h.send("DELETE", path, key: h.serverKey).status == 404)
    }

    @Test("a user's 101st device is refused with 409", arguments: StoreKind.tested)
    func userLimit(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        for n in 0..<100 { #expect(h.register(n, user: "carol").status == 201) }
        let refused = h.register(100, user: "carol")
        #expect(refused.status == 409)
        #expect(refused.errorCode == "limit_exceeded")
    }

    static let token = StoreFixture.token(1)

    @Test(
        "every registration field is validated with a clear error",
        arguments: StoreKind.tested,
        [
            (["environment": "sandbox"], "token: is required"),
            (["token": "xyz", "environment": "sandbox"], "token: expected the device token as hex"),
            (["token": "abc", "environment": "sandbox"], "token: expected the device token as hex"),
            (["token": 12, "environment": "sandbox"], "token: expected a string, found an integer"),
            (["token": .string(token)], "environment: is required"),
            (["token": .string(token), "environment": "staging"], "environment: \"staging\" is not sandbox or production"),
            (["token": .string(token), "environment": "sandbox", "platform": "huawei"], "platform: \"huawei\" is not apns or fcm"),
            (["token": .string(token), "environment": "sandbox", "interests": "news"], "interests: expected an array of strings"),
            (
                ["token": .string(token), "environment": "sandbox", "interests": ["ok", "not ok"]],
                "interests[1]: \"not ok\" is not an interest name"
            ),
            (["token": .string(token), "environment": "sandbox", "interests": [1]], "interests[0]: expected a string"),
            (
                ["token": .string(token), "environment": "sandbox", "interests": [.string(String(repeating: "x", count: 165))]],
                "interests[0]"
            ),
            (["token": .string(token), "environment": "sandbox", "userId": 5], "userId: expected a string"),
            (
                ["token": .string(token), "environment": "sandbox", "userId": .string(String(repeating: "u", count: 165))],
                "userId: is 165 characters; at most 164"
            ),
            (["token": .string(token), "environment": "sandbox", "metadata": [1]], "metadata: expected a JSON object"),
            (
                ["token": .string(token), "environment": "sandbox", "metadata": ["big": .string(String(repeating: "m", count: 5000))]],
                "metadata: is 50"
            ),
            (["token": .string(token), "environment": "sandbox", "tokn": "x"], "tokn: unknown field; the fields here are token, platform"),
        ] as [(JSONValue, String)])
    func validation(kind: StoreKind, example: (JSONValue, String)) throws {
        let (body, message) = example
        let h = try APIHarness(kind)
        let response = h.send("POST", h.devices, key: h.clientKey, json: body)
        #expect(response.status == 400)
        #expect(response.errorCode == "invalid_request")
        #expect(response.errorMessage.hasPrefix(message), "\(response.errorMessage)")
    }

    @Test("interest and user updates are validated too", arguments: StoreKind.tested)
    func updateValidation(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (id, key) = h.registered(1)
        let path = h.devices + "/" + id
        #expect(h.send("PUT", path + "/interests", key: key, json: [:]).errorMessage == "interests: is required")
        #expect(h.send("PUT", path + "/interests", key: key, json: ["interests": ["a b"]]).errorMessage.hasPrefix("interests[0]"))
        #expect(h.send("PUT", path + "/user", key: key, json: [:]).errorMessage.hasPrefix("userId: is required"))
        #expect(h.send("PUT", path + "/user", key: key, json: ["userId": ""]).errorMessage == "userId: must not be empty")
        #expect(h.send("PUT", path + "/user", key: key, json: ["userId": "a", "x": 1]).errorMessage.hasPrefix("x: unknown field"))
    }
}
