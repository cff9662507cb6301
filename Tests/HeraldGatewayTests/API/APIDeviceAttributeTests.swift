import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

@Suite("API: device attributes")
struct APIDeviceAttributeTests {
    static let token = StoreFixture.token(1)

    @Test(
        "registration takes locale, time zone, app version and tags (case normalised); the device answer shows them",
        arguments: StoreKind.tested)
    func registration(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let body: JSONValue = [
            "token": .string(Self.token), "environment": "sandbox", "locale": "ZH-hant-tw", "timeZone": "Europe/Berlin",
            "appVersion": "3.0.12", "tags": ["plan": "pro", "level": 7, "ratio": 0.5, "beta": false],
        ]
        let registered = h.send("POST", h.devices, key: h.clientKey, json: body)
        #expect(registered.status == 201)
        let id = try #require(registered.json?["deviceId"]?.stringValue)
        let device = try #require(h.send("GET", h.devices + "/" + id, key: h.serverKey).json)
        #expect(device["locale"] == "zh-Hant-TW")
        #expect(device["timeZone"] == "Europe/Berlin")
        #expect(device["appVersion"] == "3.0.12")
        #expect(device["tags"] == ["plan": "pro", "level": 7, "ratio": 0.5, "beta": false])
        // Registering again without them keeps them.
        #expect(h.send("POST", h.devices, key: h.clientKey, json: ["token": .string(Self.token), "environment": "sandbox"]).status == 200)
        #expect(h.send("GET", h.devices + "/" + id, key: h.serverKey).json?["locale"] == "zh-Hant-TW")
    }

    @Test("PUT …/attributes sets what it names, keeps the rest, null clears; answers the device", arguments: StoreKind.tested)
    func update(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (id, key) = h.registered(1)
        let path = h.devices + "/" + id + "/attributes"
        let first = h.send("PUT", path, key: key, json: ["locale": "en-GB", "timeZone": "Europe/London", "tags": ["a": 1]])
        #expect(first.status == 200)
        #expect(first.json?["locale"] == "en-GB")
        #expect(first.json?["appVersion"] == .null)
        let second = h.send("PUT", path, key: key, json: ["appVersion": "1.2", "timeZone": nil, "tags": nil])
        #expect(second.status == 200)
        #expect(second.json?["locale"] == "en-GB", "left out: kept")
        #expect(second.json?["timeZone"] == .null, "null: cleared")
        #expect(second.json?["appVersion"] == "1.2")
        #expect(second.json?["tags"] == [:])
        #expect(h.send("GET", h.devices + "/" + id, key: h.serverKey).json?["appVersion"] == "1.2")
        let empty = h.send("PUT", path, key: key, json: [:])
        #expect(empty.status == 400)
        #expect(empty.errorMessage.hasPrefix("body: names no attribute"))
        #expect(h.send("PUT", h.devices + "/dev_nope/attributes", key: h.serverKey, json: ["locale": "de"]).status == 404)
        #expect(h.send("PUT", path, key: h.clientKey, json: ["locale": "de"]).status == 403, "the device's own key or the server key")
    }

    static let tooManyTags = JSONValue.object(Dictionary(uniqueKeysWithValues: (0...50).map { ("t\($0)", JSONValue.bool(true)) }))

    @Test(
        "each attribute is validated with an error naming it",
        arguments: StoreKind.tested,
        [
            (["locale": "de_AT"], "locale: \"de_AT\" is not a BCP 47 language tag"),
            (["locale": "d"], "locale: \"d\" is not a BCP 47 language tag"),
            (["locale": "de-AT-"], "locale: \"de-AT-\" is not a BCP 47 language tag"),
            (["locale": "de-u-co-phonebk"], "locale: \"de-u-co-phonebk\" is not a BCP 47"),
            (["locale": 5], "locale: expected a string, found an integer"),
            (["timeZone": "Mars/Olympus_Mons"], "timeZone: \"Mars/Olympus_Mons\" is not an IANA time zone name"),
            (["timeZone": "Europe//Berlin"], "timeZone: \"Europe//Berlin\" is not an IANA"),
            (["timeZone": "../etc/passwd"], "timeZone: \"../etc/passwd\" is not an IANA"),
            (["appVersion": "1.2.3.4.5"], "appVersion: \"1.2.3.4.5\" is not an app version"),
            (["appVersion": "1.2-beta"], "appVersion: \"1.2-beta\" is not an app version"),
            (["appVersion": "1234567890"], "appVersion: \"1234567890\" is not an app version"),
            (["appVersion": "1..2"], "appVersion: \"1..2\" is not an app version"),
            (["tags": ["a": ["b": 1]]], "tags.a: expected a string, number or Boolean, found an object"),
            (["tags": ["a": nil]], "tags.a: expected a string, number or Boolean, found null"),
            (["tags": ["a b": 1]], "tags: \"a b\" is not a tag name"),
            (["tags": [.init(stringLiteral: String(repeating: "n", count: 65)): 1]], "tags: \"nnnn"),
            (["tags": ["a": .string(String(repeating: "é", count: 129))]], "tags.a: is 258 bytes; a tag's text is at most 256 bytes"),
            (["tags": tooManyTags], "tags: has 51 tags; a device has at most 50"),
            (["tags": [1, 2]], "tags: expected a JSON object, found an array"),
            (["timezone": "UTC"], "timezone: unknown field"),
        ] as [(JSONValue, String)])
    func validation(kind: StoreKind, example: (JSONValue, String)) throws {
        let (fields, message) = example
        let h = try APIHarness(kind)
        var body = fields.objectValue ?? [:]
        body["token"] = .string(Self.token)
        body["environment"] = "sandbox"
        let registration = h.send("POST", h.devices, key: h.clientKey, json: .object(body))
        #expect(registration.status == 400)
        #expect(registration.errorMessage.hasPrefix(message), "\(registration.errorMessage)")
        let (id, key) = h.registered(2)
        let update = h.send("PUT", h.devices + "/" + id + "/attributes", key: key, json: fields)
        #expect(update.status == 400)
        #expect(update.errorMessage.hasPrefix(message), "\(update.errorMessage)")
    }
}
