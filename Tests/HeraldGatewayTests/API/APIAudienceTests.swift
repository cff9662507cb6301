import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("API: filters and audience counts")
struct APIAudienceTests {
    /// Four devices: de-AT on 2.10 (plan pro, apns), de-DE on 1.9 (plan free, fcm, user u1),
    /// en-US on 2.0 (no tags, apns, interest sport), and one without attributes.
    func devices(_ h: APIHarness) throws -> [String] {
        let rows: [(PushPlatform, DeviceAttributes, [String], String?)] = [
            (.apns, DeviceAttributes(locale: "de-AT", appVersion: "2.10", tags: ["plan": "pro"]), ["news"], nil),
            (.fcm, DeviceAttributes(locale: "de-DE", appVersion: "1.9", tags: ["plan": "free"]), ["news"], "u1"),
            (.apns, DeviceAttributes(locale: "en-US", appVersion: "2.0"), ["sport"], nil),
            (.apns, DeviceAttributes(), ["news"], nil),
        ]
        return try rows.enumerated().map { n, row in
            try h.fixture.store.registerDevice(
                appID: h.appID,
                DeviceRegistration(
                    platform: row.0, token: row.0 == .apns ? StoreFixture.token(n) : "fcm-\(n)", environment: .production,
                    interests: row.2, userID: row.3.map { .some($0) }, attributes: row.1),
                quota: .unlimited, now: 1_000
            ).id
        }
    }

    func reached(_ h: APIHarness, _ publishID: String) throws -> Set<String> {
        try h.fixture.fanOutAll()
        return Set(
            try h.fixture.rows(
                "SELECT v.id FROM deliveries d JOIN devices v ON v.seq = d.device_seq WHERE d.publish_id = ?", [.text(publishID)]
            )
            .compactMap { $0 })
    }

    @Test(
        "a filter alone reaches the app's matching devices, with interests their matching ones; the publish shows it",
        arguments: StoreKind.tested)
    func publish(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let ids = try devices(h)
        let filter: JSONValue = [
            "and": [["field": "language", "op": "eq", "value": "de"], ["field": "appVersion", "op": "gte", "value": "1.10"]]
        ]
        let alone = h.publish(["filter": filter, "notification": ["body": "hi"]])
        #expect(alone.status == 202)
        let aloneID = try #require(alone.json?["publishId"]?.stringValue)
        #expect(try reached(h, aloneID) == [ids[0]])
        let status = try #require(h.send("GET", h.publishes + "/" + aloneID, key: h.serverKey).json)
        #expect(status["filter"] == filter)
        #expect(status["target"] == ["kind": "app", "keys": []])
        let missing: JSONValue = ["field": "tag:plan", "op": "ne", "value": "pro"]
        let narrowed = h.publish(["interests": ["news"], "filter": missing, "notification": ["body": "hi"]])
        let narrowedID = try #require(narrowed.json?["publishId"]?.stringValue)
        #expect(try reached(h, narrowedID) == [ids[1], ids[3]], "ne matches a device without the tag; interests still narrow")
    }

    @Test("audience counts run one at a time per app (429 count_running) and a few a second (429 rate_limited)", arguments: StoreKind.tested)
    func countGate(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        _ = try devices(h)
        let body: JSONValue = ["filter": ["field": "language", "op": "eq", "value": "de"]]
        let path = "/v1/apps/\(h.appID)/audience"
        // A count of this app is running (held here as a request would hold it).
        #expect(h.api.audienceCounts.start(app: h.appID, now: h.clock.now) == nil)
        let running = h.send("POST", path, key: h.serverKey, json: body)
        #expect(running.status == 429 && running.errorCode == "count_running", "\(running.errorMessage)")
        #expect(running.headers.first { $0.0 == "Retry-After" }?.1 == "1")
        #expect(h.api.audienceCounts.start(app: "another-app", now: h.clock.now) == nil, "another app counts meanwhile")
        h.api.audienceCounts.finish(app: h.appID)
        // Bursts of 5: one was taken above, four more are answered, the next waits.
        for _ in 0..<4 { #expect(h.send("POST", path, key: h.serverKey, json: body).json?["devices"] == 2) }
        let limited = h.send("POST", path, key: h.serverKey, json: body)
        #expect(limited.status == 429 && limited.errorCode == "rate_limited", "\(limited.errorMessage)")
        #expect(limited.errorMessage.contains("more than 2 audience counts per second, in bursts of 5"))
    }

    @Test("a stored filter is read as it was accepted, past today's budget: a publish queued before an upgrade is never narrowed")
    func storedBeyondBudget() throws {
        let wide: JSONValue = ["or": .array((0..<19).map { n in ["field": .string("tag:t\(n)"), "op": "eq", "value": "x"] })]
        #expect(throws: AudienceFilterError.self) { try AudienceFilter(json: wide) }
        #expect(AudienceFilter(stored: JSONWriter.serialize(wide)).json == wide)
    }

    @Test(
        "a bad filter is refused with its position",
        arguments: StoreKind.tested,
        [
            (["devices": ["dev_x"], "filter": ["field": "platform", "op": "exists"]], "filter: narrows interests or users"),
            (
                ["filter": ["and": [["field": "locale", "op": "eq", "value": "de"], ["field": "appVersion", "op": "lt", "value": "x"]]]],
                "filter.and[1].value: \"x\" is not an app version"
            ),
            (["filter": ["field": "tag:bad name", "op": "exists"]], "filter.field: is not tag:NAME"),
            (["filter": ["field": "locale", "op": "gt", "value": "de"]], "filter.value: gt orders numbers (tags) and app versions only"),
            (["filter": ["field": "platform", "op": "lt", "value": "fcm"]], "filter.value: lt orders numbers (tags) and app versions only"),
            (["filter": ["or": []]], "filter.or: is not a non-empty array"),
            (
                ["filter": ["field": "platform", "op": "in", "value": .array(Array(repeating: "apns", count: 101))]],
                "filter.value: in takes an array of 1 to 100"
            ),
            (
                ["filter": (0..<8).reduce(["field": "platform", "op": "exists"] as JSONValue) { inner, _ in ["not": inner] }],
                "filter.not.not.not.not.not.not.not.not: nests deeper than 8"
            ),
            (
                ["filter": ["or": .array(Array(repeating: ["field": "platform", "op": "exists"], count: 101))]],
                "filter.or[100]: is condition 101"
            ),
            (
                // 11 lists of 100: within each list's limit and the conditions', past the values in all.
                [
                    "filter": [
                        "or": .array(
                            (0..<11).map { n in
                                ["field": .string("tag:t\(n)"), "op": "in", "value": .array((0..<100).map { JSONValue.string("v\($0)") })]
                            })
                    ]
                ],
                "filter.or[10].value: brings the filter's values to 1100: a filter holds at most 1000 in all"
            ),
            (
                // 19 tag conditions of one value: 19 × (10 + 1) units per device.
                ["filter": ["or": .array((0..<19).map { n in ["field": .string("tag:t\(n)"), "op": "eq", "value": "x"] })]],
                "filter: costs 209 units per device, more than the 200 a filter may"
            ),
        ] as [(JSONValue, String)])
    func refused(kind: StoreKind, example: (body: JSONValue, message: String)) throws {
        let (body, message) = example
        let h = try APIHarness(kind)
        var request = body.objectValue ?? [:]
        request["notification"] = ["body": "hi"]
        let answer = h.publish(.object(request))
        #expect(answer.status == 400)
        #expect(answer.errorMessage.hasPrefix(message), "\(answer.errorMessage)")
        var audience = body.objectValue ?? [:]
        audience["devices"] = nil
        if audience["filter"] != nil, body.objectValue?["devices"] == nil {
            let counted = h.send("POST", "/v1/apps/\(h.appID)/audience", key: h.serverKey, json: .object(audience))
            #expect(counted.status == 400 && counted.errorMessage.hasPrefix(message), "the audience endpoint reads the filter the same way")
        }
    }

    @Test(
        "POST …/audience counts the devices a publish would reach, by platform and language, and creates nothing",
        arguments: StoreKind.tested)
    func audience(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        _ = try devices(h)
        try h.fixture.execute("UPDATE devices SET invalidated_at = 1000 WHERE token = ?", [.text(StoreFixture.token(3))])
        let path = "/v1/apps/\(h.appID)/audience"
        let all = h.send("POST", path, key: h.serverKey, json: ["filter": ["field": "platform", "op": "exists"]])
        #expect(all.status == 200)
        #expect(
            all.json == ["devices": 3, "byPlatform": ["apns": 2, "fcm": 1], "byLanguage": ["de": 2, "en": 1]],
            "invalidated devices are not counted")
        let news = h.send(
            "POST", path, key: h.serverKey,
            json: ["interests": ["news", "sport"], "filter": ["not": ["field": "tag:plan", "op": "eq", "value": "free"]]])
        #expect(news.json == ["devices": 2, "byPlatform": ["apns": 2], "byLanguage": ["de": 1, "en": 1]])
        let cased = h.send("POST", path, key: h.serverKey, json: ["filter": ["field": "locale", "op": "in", "value": ["de-at", "EN-us"]]])
        #expect(cased.json?["devices"] == 2, "a locale is compared in the standard case, as devices' are kept")
        let language = h.send("POST", path, key: h.serverKey, json: ["filter": ["field": "language", "op": "eq", "value": "DE"]])
        #expect(language.json?["devices"] == 2)
        #expect(h.send("POST", path, key: h.serverKey, json: ["users": ["u1"]]).json?["devices"] == 1)
        #expect(h.send("POST", path, key: h.serverKey, json: [:]).errorMessage.hasPrefix("body: give interests, users or filter"))
        #expect(h.send("POST", path, key: h.serverKey, json: ["devices": ["dev_x"]]).status == 400)
        #expect(h.send("POST", path, key: h.clientKey, json: ["users": ["u1"]]).status == 403)
        #expect(try h.fixture.scalar("SELECT count(*) FROM publishes") == 0)
    }
}
