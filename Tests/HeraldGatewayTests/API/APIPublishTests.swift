import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

@Suite("API: publishes and events")
struct APIPublishTests {
    @Test("a publish is committed before the 202, wakes the workers, and reports its status", arguments: StoreKind.tested)
    func publish(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        _ = h.register(1)
        let response = h.publish([
            "interests": ["news"],
            "notification": ["title": "Hi", "body": "There", "link": "app://x", "image": "https://e.com/a.png", "data": ["orderId": 7]],
        ])
        #expect(response.status == 202)
        let id = try #require(response.json?["publishId"]?.stringValue)
        #expect(h.published.count == 1)
        let stored = try #require(try h.fixture.store.publish(appID: h.appID, id: id))
        let payload = try JSONParser().parse(stored.payload)
        #expect(payload["aps"]?["alert"] == ["title": "Hi", "body": "There"])
        #expect(payload["aps"]?["mutable-content"] == 1)
        #expect(payload["herald"] == ["publishId": .string(id), "link": "app://x", "image": "https://e.com/a.png"])
        #expect(payload["orderId"] == 7)
        // What the device decodes: Herald's own provider, the publish id as the notification id.
        let push = try PayloadDecoder().decode(stored.payload)
        #expect(push.provider == .herald)
        #expect(push.id == id)
        let status = h.send("GET", h.publishes + "/" + id, key: h.serverKey).json
        #expect(status?["status"] == "queued")
        for key in ["targeted", "sent", "failed", "invalidated", "delivered", "opened"] { #expect(status?[key] == 0, "\(key)") }
        #expect(status?["failures"] == [:])
        #expect(h.send("GET", h.publishes + "/pub_nope", key: h.serverKey).status == 404)
    }

    @Test("the same idempotency key returns the same publish and commits nothing new", arguments: StoreKind.tested)
    func idempotency(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let body: JSONValue = ["users": ["u1"], "apns": ["aps": ["alert": "x"]], "idempotencyKey": "order-7-shipped"]
        let first = h.publish(body)
        let second = h.publish(body)
        #expect(first.status == 202 && second.status == 202)
        #expect(first.json?["publishId"] == second.json?["publishId"])
        #expect(second.json?["duplicate"] == true)
        #expect(h.published.count == 1)
        #expect(try h.fixture.scalar("SELECT count(*) FROM publishes") == 1)
    }

    @Test("scheduled publishes can be cancelled once; others cannot", arguments: StoreKind.tested)
    func cancel(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let later = h.clock.now + 3600
        let id = try #require(
            h.publish(["users": ["u"], "notification": ["body": "x"], "options": ["sendAt": .double(later)]]).json?["publishId"]?
                .stringValue)
        #expect(h.send("GET", h.publishes + "/" + id, key: h.serverKey).json?["status"] == "scheduled")
        let cancelled = h.send("DELETE", h.publishes + "/" + id, key: h.serverKey)
        #expect(cancelled.status == 200)
        #expect(cancelled.json?["status"] == "cancelled")
        let again = h.send("DELETE", h.publishes + "/" + id, key: h.serverKey)
        #expect(again.status == 409)
        #expect(again.errorCode == "not_cancellable")
        #expect(h.send("DELETE", h.publishes + "/pub_nope", key: h.serverKey).status == 404)
        let iso = h.publish(["users": ["u"], "notification": ["body": "x"], "options": ["sendAt": "2099-01-01T00:00:00Z"]])
        #expect(iso.status == 400, "more than 30 days ahead")
        // Milliseconds since 1970 are recognised and refused with the seconds they mean.
        let millis = h.publish(["users": ["u"], "notification": ["body": "x"], "options": ["sendAt": .double((h.clock.now + 60) * 1000)]])
        #expect(millis.status == 400)
        #expect(millis.errorMessage == "options.sendAt: \(Int((h.clock.now + 60) * 1000)) looks like milliseconds since 1970; give seconds: \(Int(h.clock.now + 60))")
        // A little past (clocks apart) is sent at once; further back is refused with how far.
        let late = h.publish(["users": ["u"], "notification": ["body": "x"], "options": ["sendAt": .double(h.clock.now - 300)]])
        #expect(late.status == 202)
        let past = h.publish(["users": ["u"], "notification": ["body": "x"], "options": ["sendAt": .double(h.clock.now - 7200)]])
        #expect(past.status == 400)
        #expect(past.errorMessage.hasPrefix("options.sendAt: \(Int(h.clock.now - 7200)) is 2 hours in the past; leave sendAt out"), "\(past.errorMessage)")
    }

    @Test(
        "every publish field is validated with a clear error",
        arguments: StoreKind.tested,
        [
            (["notification": ["title": "x"]], "body: give exactly one target"),
            (["interests": ["a"], "users": ["b"], "notification": ["title": "x"]], "interests+users: give exactly one target, not 2"),
            (["interests": [], "notification": ["title": "x"]], "interests: has 0 entries; give 1 to 100"),
            (["interests": .array((0..<101).map { .string("i\($0)") }), "notification": ["title": "x"]], "interests: has 101 entries"),
            (
                ["users": .array((0..<1001).map { .string("u\($0)") }), "notification": ["title": "x"]],
                "users: has 1001 entries; give 1 to 1000"
            ),
            (["interests": ["bad name"], "notification": ["title": "x"]], "interests[0]: \"bad name\" is not an interest name"),
            (["tokens": ["zz"], "notification": ["title": "x"]], "tokens[0]: expected the device token as hex"),
            (["interests": ["a"]], "body: give the payload as \"apns\""),
            (["interests": ["a"], "apns": ["aps": [:]], "notification": ["title": "x"]], "notification: give either"),
            (["interests": ["a"], "apns": ["alert": "x"]], "apns.aps: is required"),
            (
                ["interests": ["a"], "apns": ["aps": ["alert": "x"], "herald": ["publishId": "mine"]]],
                "apns.herald.publishId: is the gateway's"
            ),
            (
                // A forged sync push: devices would take it for the gateway's own.
                ["interests": ["a"], "apns": ["aps": ["content-available": 1], "herald": ["inbox": ["unread": 3]]]],
                "apns.herald.inbox: is the gateway's: a payload's herald object takes only android, image, link from a publish"
            ),
            (["interests": ["a"], "apns": ["aps": ["badge": "3"]]], "apns.aps.badge"),
            (["interests": ["a"], "apns": ["aps": ["alert": .string(String(repeating: "x", count: 4100))]]], "apns: the payload is"),
            (["interests": ["a"], "notification": ["link": "app://x"]], "notification: give a title or a body"),
            (["interests": ["a"], "notification": ["title": "x", "link": "no scheme"]], "notification.link"),
            (["interests": ["a"], "notification": ["title": "x", "image": "ftp://x/a.png"]], "notification.image"),
            (["interests": ["a"], "notification": ["title": "x", "data": ["aps": 1]]], "notification.data.aps: is reserved"),
            (["interests": ["a"], "notification": ["title": "x", "sound": "x"]], "notification.sound: unknown field"),
            (
                ["interests": ["a"], "notification": ["title": "x"], "options": ["pushType": "email"]],
                "options.pushType: \"email\" is not an APNs push type"
            ),
            (["interests": ["a"], "notification": ["title": "x"], "options": ["priority": 7]], "options.priority: 7 is not 10, 5 or 1"),
            (
                ["interests": ["a"], "apns": ["aps": ["content-available": 1]], "options": ["pushType": "background", "priority": 10]],
                "options.priority: background"
            ),
            (
                [
                    "interests": ["a"], "notification": ["title": "x"],
                    "options": ["collapseId": .string(String(repeating: "c", count: 65))],
                ], "options.collapseId: is 65 bytes"
            ),
            (["interests": ["a"], "notification": ["title": "x"], "options": ["ttl": -1]], "options.ttl: -1"),
            (["interests": ["a"], "notification": ["title": "x"], "options": ["ttl": 2_600_000]], "options.ttl"),
            (["interests": ["a"], "notification": ["title": "x"], "options": ["ttl": "1h"]], "options.ttl: expected a number"),
            (
                ["interests": ["a"], "notification": ["title": "x"], "options": ["sendAt": "tomorrow"]],
                "options.sendAt: \"tomorrow\" is not"
            ),
            (
                ["interests": ["a"], "notification": ["title": "x"], "options": ["environment": "sandbox"]],
                "options.environment: applies to a tokens target only"
            ),
            (["interests": ["a"], "notification": ["title": "x"], "options": ["delay": 1]], "options.delay: unknown field"),
            (["interests": ["a"], "notification": ["title": "x"], "idempotencyKey": 5], "idempotencyKey: expected a string"),
        ] as [(JSONValue, String)])
    func validation(kind: StoreKind, example: (JSONValue, String)) throws {
        try APIHarness(kind).expectPublishRefused(example.0, example.1)
    }

    @Test(
        "events: 202 with what was new; duplicates, unknown publishes and untargeted devices are reported, not errors",
        arguments: StoreKind.tested)
    func events(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (device, deviceKey) = h.registered(1, user: "u")
        let id = try #require(h.publish(["users": ["u"], "notification": ["title": "x"]]).json?["publishId"]?.stringValue)
        try h.fixture.fanOutAll(now: h.clock.now)
        try h.fixture.deliverAll(now: h.clock.now)
        let path = "/v1/apps/\(h.appID)/events"
        let events: JSONValue = [
            "events": [
                ["publishId": .string(id), "deviceId": .string(device), "event": "delivered", "at": 1_800_000_000],
                ["publishId": .string(id), "deviceId": .string(device), "event": "opened", "at": 1_800_000_001.5],
                ["publishId": .string(id), "deviceId": .string(device), "event": "action", "actionId": "like", "at": 1_800_000_002],
                ["publishId": "pub_unknown", "deviceId": .string(device), "event": "opened", "at": 1_800_000_002],
            ]
        ]
        let first = h.send("POST", path, key: deviceKey, json: events)
        #expect(first.status == 202)
        #expect(first.json == ["accepted": 3, "duplicates": 0, "pending": 0, "unknownPublishes": 1, "notTargeted": 0, "notSent": 0])
        let again = h.send("POST", path, key: deviceKey, json: events)
        #expect(again.json == ["accepted": 0, "duplicates": 3, "pending": 0, "unknownPublishes": 1, "notTargeted": 0, "notSent": 0])
        // The server key may report for any device; a device the publish did not target is not counted.
        let other = h.registered(2, interests: ["other"]).id
        let outsider = h.send(
            "POST", path, key: h.serverKey,
            json: ["events": [["publishId": .string(id), "deviceId": .string(other), "event": "opened", "at": 1_800_000_002]]])
        #expect(outsider.json?["notTargeted"] == 1)
        let status = h.send("GET", h.publishes + "/" + id, key: h.serverKey).json
        #expect(status?["delivered"] == 1)
        #expect(status?["opened"] == 1)
    }

    @Test(
        "every event field is validated",
        arguments: StoreKind.tested,
        [
            ([:], "events: is required"),
            (["events": []], "events: expected an array of 1 to 1000 events"),
            (["events": [1]], "events[0]: expected a JSON object"),
            (["events": [["deviceId": "d", "event": "opened", "at": 1]]], "events[0].publishId: is required"),
            (
                ["events": [["publishId": "p", "deviceId": "d", "event": "seen", "at": 1]]],
                "events[0].event: \"seen\" is not delivered, opened"
            ),
            (
                ["events": [["publishId": "p", "deviceId": "d", "event": "action", "at": 1]]],
                "events[0].actionId: is required for an action event"
            ),
            (
                ["events": [["publishId": "p", "deviceId": "d", "event": "opened", "actionId": "a", "at": 1]]],
                "events[0].actionId: only action events"
            ),
            (
                ["events": [["publishId": "p", "deviceId": "d", "event": "action", "actionId": .string(String(repeating: "a", count: 65)), "at": 1]]],
                "events[0].actionId: is 65 characters; at most 64"
            ),
            (["events": [["publishId": "p", "deviceId": "d", "event": "opened"]]], "events[0].at: is required"),
            (["events": [["publishId": "p", "deviceId": "d", "event": "opened", "at": -5]]], "events[0].at: -5"),
            (["events": [["publishId": "p q", "deviceId": "d", "event": "opened", "at": 1]]], "events[0].publishId: \"p q\" is not an id"),
        ] as [(JSONValue, String)])
    func eventValidation(kind: StoreKind, example: (JSONValue, String)) throws {
        let (body, message) = example
        let h = try APIHarness(kind)
        let response = h.send("POST", "/v1/apps/\(h.appID)/events", key: h.serverKey, json: body)
        #expect(response.status == 400)
        #expect(response.errorMessage.hasPrefix(message), "\(response.errorMessage)")
    }

    @Test("concurrent publishes from many threads are all committed, each once", arguments: StoreKind.tested)
    func concurrent(kind: StoreKind) async throws {
        let h = try APIHarness(kind)
        let ids = await withTaskGroup(of: String?.self) { group in
            for n in 0..<64 {
                group.addTask {
                    h.publish(["users": ["u"], "notification": ["title": "x"], "idempotencyKey": .string("k\(n % 32)")]).json?["publishId"]?
                        .stringValue
                }
            }
            var ids: [String] = []
            for await id in group { if let id { ids.append(id) } }
            return ids
        }
        #expect(ids.count == 64)
        #expect(Set(ids).count == 32, "one publish per idempotency key")
        #expect(try h.fixture.scalar("SELECT count(*) FROM publishes") == 32)
    }
}
