import Foundation
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("API: events out (feed and webhooks)")
struct APIEventsOutTests {
    @Test("the feed pages through the log by cursor with the same ids; a bad cursor or wait is a 400 naming it", arguments: StoreKind.tested)
    func feed(kind: StoreKind) throws {
        let api = try APIHarness(kind)
        try api.fixture.register(3)
        let path = "/v1/apps/\(api.fixture.appID)/event-feed"
        let first = api.send("GET", path + "?limit=2", key: api.serverKey)
        #expect(first.status == 200)
        let events = first.json?.objectValue?["events"]?.arrayValue ?? []
        #expect(events.count == 2)
        let cursor = try #require(first.json?.objectValue?["cursor"]?.stringValue)
        let rest = api.send("GET", path + "?after=\(cursor)&wait=0", key: api.serverKey)
        let ids = (events + (rest.json?.objectValue?["events"]?.arrayValue ?? [])).compactMap { $0.objectValue?["id"]?.stringValue }
        #expect(ids == (try StoreEventLogTests.all(api.fixture)).map(\.id))
        let empty = api.send("GET", path + "?after=\(rest.json?.objectValue?["cursor"]?.stringValue ?? "")", key: api.serverKey)
        #expect(empty.json?.objectValue?["events"]?.arrayValue?.isEmpty == true)
        #expect(api.send("GET", path + "?after=nope", key: api.serverKey).json?.objectValue?["error"]?.objectValue?["message"]?.stringValue?.contains("after") == true)
        #expect(api.send("GET", path + "?wait=31", key: api.serverKey).status == 400)
        #expect(api.send("GET", path, key: api.clientKey).status == 403 || api.send("GET", path, key: api.clientKey).status == 401)
    }

    @Test("webhooks: made with a secret once, listed with health, changed, rotated, deleted; bad input refused naming the field", arguments: StoreKind.tested)
    func crud(kind: StoreKind) throws {
        let api = try APIHarness(kind)
        let path = "/v1/apps/\(api.fixture.appID)/webhooks"
        let created = api.send("POST", path, key: api.serverKey, json: ["url": "https://93.184.215.14/hook", "events": ["delivery.*", "publish.completed"]])
        #expect(created.status == 201)
        let body = created.json?.objectValue ?? [:]
        let id = try #require(body["id"]?.stringValue)
        #expect(id.hasPrefix("wh_"))
        #expect(body["secret"]?.stringValue?.hasPrefix("whsec_") == true)
        let listed = api.send("GET", path, key: api.serverKey).json?.objectValue?["webhooks"]?.arrayValue ?? []
        #expect(listed.count == 1 && listed[0].objectValue?["secret"] == nil)
        #expect(listed[0].objectValue?["health"]?.objectValue?["pending"] == .int(0))
        let patched = api.send("PATCH", path + "/" + id, key: api.serverKey, json: ["enabled": false, "events": ["*"]])
        #expect(patched.status == 200, "\(patched.json ?? .null)")
        #expect(patched.json?.objectValue?["enabled"] == .bool(false))
        #expect(patched.json?.objectValue?["disabledReason"] == .string("disabled"))
        let rotated = api.send("POST", path + "/" + id + "/rotate-secret", key: api.serverKey)
        #expect(rotated.json?.objectValue?["secret"]?.stringValue != body["secret"]?.stringValue)
        #expect(api.send("POST", path + "/" + id + "/replay", key: api.serverKey, json: ["since": 0]).status == 202)
        #expect(api.send("GET", path + "/" + id + "/attempts", key: api.serverKey).status == 200)
        for (json, field) in [
            (["url": "http://93.184.215.14/", "events": ["*"]] as JSONValue, "url"),
            (["url": "https://127.0.0.1/", "events": ["*"]], "url"),
            (["url": "https://[fd00::1]/", "events": ["*"]], "url"),
            (["url": "https://100.64.1.1/", "events": ["*"]], "url"),
            (["url": "https://93.184.215.14/", "events": ["delivery.lost"]], "events"),
            (["url": "https://93.184.215.14/"], "events"),
        ] {
            let refused = api.send("POST", path, key: api.serverKey, json: json)
            #expect(refused.status == 400, "\(json)")
            #expect(refused.json?.objectValue?["error"]?.objectValue?["message"]?.stringValue?.contains(field) == true, "\(json)")
        }
        #expect(api.send("DELETE", path + "/" + id, key: api.serverKey).status == 204)
        #expect(api.send("GET", path + "/" + id, key: api.serverKey).status == 404)
        #expect(try api.fixture.store.webhooks(appID: api.fixture.appID).isEmpty, "nothing half-made by the refusals")
    }
}
