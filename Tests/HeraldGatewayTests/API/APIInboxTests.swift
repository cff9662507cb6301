import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

@Suite("API: the inbox")
struct APIInboxTests {
    static func inbox(_ h: APIHarness, device: String) -> String { "\(h.devices)/\(device)/inbox" }
    static func inbox(_ h: APIHarness, user: String) -> String { "/v1/apps/\(h.appID)/users/\(user)/inbox" }

    /// Publishes `body` with `inbox` and fans it out.
    static func publish(_ h: APIHarness, _ body: JSONValue) throws -> String {
        let answer = h.publish(body)
        #expect(answer.status == 202, "\(answer.json ?? nil)")
        try h.fixture.fanOutAll()
        return answer.json?["publishId"]?.stringValue ?? ""
    }

    @Test(
        "a publish with inbox: true reaches each user's and each unbound device's inbox, with the alert as content",
        arguments: StoreKind.tested)
    func publishToInbox(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        #expect(h.clock.now == 1_800_000_000)
        let maya = h.registered(1, user: "maya")
        let unbound = h.registered(2)
        let id = try Self.publish(h, ["interests": ["news"], "notification": ["title": "Goal", "body": "2-1"], "inbox": true])
        let page = h.send("GET", Self.inbox(h, device: maya.id), key: maya.key)
        #expect(page.status == 200)
        #expect(
            page.json?["messages"] == [
                [
                    "id": .string(id), "title": "Goal", "body": "2-1", "link": nil, "data": nil, "createdAt": 1_800_000_000,
                    "expiresAt": nil, "read": false, "deleted": false,
                ]
            ])
        #expect(page.json?["unread"] == 1 && page.json?["more"] == false)
        #expect(page.json?["cursor"]?.stringValue?.hasPrefix("ic1_") == true)
        let own = h.send("GET", Self.inbox(h, device: unbound.id), key: unbound.key)
        #expect(own.json?["messages"]?.arrayValue?.map { $0["id"] } == [.string(id)])
        #expect(h.send("GET", Self.inbox(h, user: "maya"), key: h.serverKey).json?["messages"]?.arrayValue?.count == 1)

        // The object form: a longer body, data and an expiry; a device registered later reads it.
        let later = try Self.publish(
            h,
            [
                "users": ["maya"], "notification": ["title": "Goal"],
                "inbox": ["body": "The long story", "expiresAt": .double(h.clock.now + 3600), "data": ["match": 7]],
            ])
        let second = h.registered(3, user: "maya")
        let messages = h.send("GET", Self.inbox(h, device: second.id), key: second.key).json?["messages"]?.arrayValue ?? []
        #expect(messages.map { $0["id"] } == [.string(id), .string(later)])
        #expect(messages.last?["body"] == "The long story" && messages.last?["title"] == "Goal" && messages.last?["data"] == ["match": 7])
    }

    @Test("the payload of a publish that keeps a message, and each of its languages, is marked herald.inboxMessage; others are not")
    func inboxMarker() throws {
        let notification: JSONValue = ["title": "Goal", "link": "app://match/7", "localized": ["de": ["title": "Tor"]]]
        let kept = try PublishRequest(["users": ["maya"], "notification": notification, "inbox": true], appID: "app_1", now: 1)
        #expect(kept.publish.payload["herald"] == ["link": "app://match/7", "inboxMessage": true])
        #expect(kept.publish.localized["de"]?["herald"]?["inboxMessage"] == true)
        let plain = try PublishRequest(["users": ["maya"], "notification": notification], appID: "app_1", now: 1)
        #expect(plain.publish.payload["herald"] == ["link": "app://match/7"])
        #expect(plain.publish.localized["de"]?["herald"]?["inboxMessage"] == nil)
    }

    @Test("a malformed inbox is refused naming the field, and nothing is published", arguments: StoreKind.tested)
    func publishRefusals(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let cases: [(JSONValue, String)] = [
            (["users": ["maya"], "notification": ["title": "x"], "inbox": "yes"], "inbox"),
            (["users": ["maya"], "notification": ["title": "x"], "inbox": ["expiresAt": 5]], "inbox.expiresAt"),
            (["users": ["maya"], "notification": ["title": "x"], "inbox": ["subtitle": "s"]], "inbox.subtitle"),
            (
                ["users": ["maya"], "apns": ["aps": ["content-available": 1]], "options": ["pushType": "background"], "inbox": true],
                "inbox"
            ),
            (["channels": ["chn_1"], "apns": ["aps": ["event": "update", "content-state": [:], "timestamp": 1]], "inbox": true], "inbox"),
            (["users": ["maya"], "apns": ["aps": ["alert": "x"], "herald": ["inboxMessage": true]]], "apns.herald.inboxMessage"),
        ]
        for (body, field) in cases {
            let answer = h.publish(body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.errorMessage.hasPrefix(field), "\(answer.errorMessage)")
        }
        #expect(try h.fixture.store.publishes(appID: h.appID, limit: 10).isEmpty)
    }

    @Test("read and delete: unknown ids reported, read twice changes nothing, the cursor brings the changes", arguments: StoreKind.tested)
    func readAndDelete(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let maya = h.registered(1, user: "maya")
        let tablet = h.registered(2, user: "maya")
        var ids: [String] = []
        for n in 0..<3 {
            let added = h.send("POST", Self.inbox(h, user: "maya"), key: h.serverKey, json: ["title": .string("m\(n)"), "body": "b"])
            #expect(added.status == 201)
            ids.append(added.json?["id"]?.stringValue ?? "")
        }
        #expect(ids.allSatisfy { $0.hasPrefix("msg_") })
        #expect(h.published.count == 0, "adding a message pushes nothing")
        let path = Self.inbox(h, device: maya.id)
        let first = h.send("GET", path + "?limit=2", key: maya.key)
        #expect(first.json?["messages"]?.arrayValue?.count == 2 && first.json?["more"] == true)
        let cursor = first.json?["cursor"]?.stringValue ?? ""
        let rest = h.send("GET", path + "?after=\(cursor)", key: maya.key)
        #expect(rest.json?["messages"]?.arrayValue?.map { $0["id"] } == [.string(ids[2])] && rest.json?["more"] == false)
        let restCursor = rest.json?["cursor"]?.stringValue ?? ""

        let read = h.send("POST", path + "/read", key: maya.key, json: ["ids": [.string(ids[0]), "msg_unknown"]])
        #expect(read.status == 200)
        #expect(read.json == ["changed": 1, "unknown": ["msg_unknown"], "unread": 2])
        #expect(h.send("POST", path + "/read", key: maya.key, json: ["ids": [.string(ids[0])]]).json?["changed"] == 0)
        #expect(h.published.count == 1, "a change wakes the engine for the sync push")
        let deleted = h.send("POST", path + "/delete", key: maya.key, json: ["ids": [.string(ids[1])]])
        #expect(deleted.json == ["changed": 1, "unknown": [], "unread": 1])
        let changes = h.send("GET", path + "?after=\(restCursor)", key: maya.key).json?["messages"]?.arrayValue ?? []
        #expect(changes.map { $0["id"] } == [.string(ids[0]), .string(ids[1])])
        #expect(changes.last == ["id": .string(ids[1]), "read": false, "deleted": true, "createdAt": 1_800_000_000])
        let syncs = try h.fixture.store.publishes(appID: h.appID, limit: 10)
        #expect(syncs.count == 1, "one sync publish for the burst")
        #expect(syncs.first?.target == .devices([tablet.id]), "to maya's other device, not to the one that made the changes")
    }

    @Test(
        "a device's cursor is bound to its inbox's owner: moved from carol to dave, carol's cursor is refused and dave's older messages come from the start",
        arguments: StoreKind.tested)
    func cursorAfterUserChange(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let device = h.registered(1, user: "carol")
        for title in ["d1", "d2"] {
            #expect(h.send("POST", Self.inbox(h, user: "dave"), key: h.serverKey, json: ["title": .string(title)]).status == 201)
        }
        #expect(h.send("POST", Self.inbox(h, user: "carol"), key: h.serverKey, json: ["title": "c1"]).status == 201)
        let path = Self.inbox(h, device: device.id)
        let carol = h.send("GET", path, key: device.key).json
        #expect(carol?["messages"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["c1"])
        let cursor = carol?["cursor"]?.stringValue ?? ""
        let moved = h.send(
            "PUT", "\(h.devices)/\(device.id)/user", key: device.key, json: ["userId": "dave", "userToken": .string(h.userToken("dave"))])
        #expect(moved.status == 200, "\(moved.errorMessage)")
        let stale = h.send("GET", path + "?after=\(cursor)", key: device.key)
        #expect(stale.status == 400 && stale.errorCode == "invalid_cursor")
        #expect(stale.errorMessage.contains("this device before its user changed"), "\(stale.errorMessage)")
        let dave = h.send("GET", path, key: device.key).json
        #expect(Set(dave?["messages"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []) == ["d1", "d2"])
        #expect(dave?["unread"] == 2)
    }

    @Test("pages are capped by bytes as well as count: the longest messages come a few at a time, `more` until every one came once", arguments: StoreKind.tested)
    func pagesCappedByBytes(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let device = h.registered(1, user: "maya")
        let long = String(repeating: "\u{1F600}", count: 10_000)  // 40 KB of UTF-8
        for n in 0..<20 {
            #expect(h.send("POST", Self.inbox(h, user: "maya"), key: h.serverKey, json: ["title": .string("m\(n)"), "body": .string(long)]).status == 201)
        }
        var seen: [String] = []
        var cursor: String?
        var pages = 0
        while pages < 30 {
            let page = h.send("GET", Self.inbox(h, device: device.id) + "?limit=500" + (cursor.map { "&after=" + $0 } ?? ""), key: device.key)
            #expect(page.body.count <= GatewayAPI.maxInboxPageBytes + 4096, "\(page.body.count) bytes")
            seen += page.json?["messages"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
            cursor = page.json?["cursor"]?.stringValue
            pages += 1
            if page.json?["more"] != true { break }
        }
        #expect(pages >= 4, "800 KB of messages in pages of 256 KiB")
        #expect(seen == (0..<20).map { "m\($0)" })
    }

    @Test("bad input: a cursor of another device or app, not a cursor, bad ids, limits; nothing changes", arguments: StoreKind.tested)
    func badInput(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let maya = h.registered(1, user: "maya")
        let sam = h.registered(2, user: "sam")
        let samCursor = h.send("GET", Self.inbox(h, device: sam.id), key: sam.key).json?["cursor"]?.stringValue ?? ""
        let path = Self.inbox(h, device: maya.id)
        for after in [samCursor, "nonsense", "ic1_!!", InboxCursor.encode(scope: "app_other/user:maya", seq: 1)] {
            let answer = h.send("GET", path + "?after=\(after)", key: maya.key)
            #expect(answer.status == 400 && answer.errorCode == "invalid_cursor", "\(after)")
            #expect(answer.errorMessage.hasPrefix("after"))
        }
        let userCursor = h.send("GET", Self.inbox(h, user: "maya"), key: h.serverKey).json?["cursor"]?.stringValue ?? ""
        #expect(h.send("GET", path + "?after=\(userCursor)", key: maya.key).errorCode == "invalid_cursor", "the server's cursor")
        #expect(h.send("GET", path + "?limit=501", key: maya.key).status == 400)
        #expect(h.send("GET", path + "?limit=0", key: maya.key).status == 400)
        for body: JSONValue in [[:], ["ids": []], ["ids": .array(Array(repeating: "msg_a", count: 501))], ["ids": [1]], ["ids": ["a b"]]] {
            let answer = h.send("POST", path + "/read", key: maya.key, json: body)
            #expect(answer.status == 400, "\(body)")
            #expect(answer.errorMessage.hasPrefix("ids"), "\(answer.errorMessage)")
        }
        #expect(h.send("GET", path, key: sam.key).status == 401 || h.send("GET", path, key: sam.key).status == 403, "another device's key")
        #expect(h.send("GET", "\(h.devices)/dev_none/inbox", key: h.serverKey).status == 404)
        for body: JSONValue in [[:], ["title": "t", "link": "no scheme"], ["title": "t", "extra": 1], ["title": "t", "expiresAt": 1]] {
            #expect(h.send("POST", Self.inbox(h, user: "maya"), key: h.serverKey, json: body).status == 400, "\(body)")
        }
        #expect(h.send("POST", Self.inbox(h, user: "maya"), key: h.clientKey, json: ["title": "t"]).status == 403)
        #expect(try h.fixture.scalar("SELECT count(*) FROM inbox_messages") == 0)
        #expect(try h.fixture.store.publishes(appID: h.appID, limit: 10).isEmpty)
    }

    @Test(
        "the server takes a message back from every device; an inbox over its quota refuses new messages with 409",
        arguments: StoreKind.tested)
    func serverDeleteAndQuota(kind: StoreKind) throws {
        let h = try APIHarness(kind, quota: DeviceQuota(inboxMessagesPerUser: 1))
        let maya = h.registered(1, user: "maya")
        let path = Self.inbox(h, user: "maya")
        let id = h.send("POST", path, key: h.serverKey, json: ["body": "b"]).json?["id"]?.stringValue ?? ""
        let full = h.send("POST", path, key: h.serverKey, json: ["body": "c"])
        #expect(full.status == 409 && full.errorCode == "quota_exceeded")
        #expect(full.errorMessage.contains("--max-inbox-messages-per-user"), "\(full.errorMessage)")
        // A publish still pushes; the full inbox is skipped.
        let publish = try Self.publish(h, ["users": ["maya"], "notification": ["title": "x"], "inbox": true])
        #expect(try h.fixture.store.publish(appID: h.appID, id: publish)?.counts.targeted == 1)
        #expect(h.send("GET", path, key: h.serverKey).json?["messages"]?.arrayValue?.map { $0["id"] } == [.string(id)])

        #expect(h.send("DELETE", path + "/" + id, key: h.serverKey).status == 204)
        #expect(h.send("DELETE", path + "/msg_unknown", key: h.serverKey).status == 404)
        let seen = h.send("GET", Self.inbox(h, device: maya.id), key: maya.key)
        #expect(seen.json?["messages"] == [] && seen.json?["unread"] == 0)
        #expect(h.send("POST", path, key: h.serverKey, json: ["body": "c"]).status == 201, "a deleted message frees its place")
    }

    @Test("the user's export lists the inbox and the delete removes it", arguments: StoreKind.tested)
    func userData(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let id = h.send("POST", Self.inbox(h, user: "maya"), key: h.serverKey, json: ["title": "t"]).json?["id"]?.stringValue ?? ""
        let export = h.send("GET", "/v1/apps/\(h.appID)/users/maya/export", key: h.serverKey)
        #expect(export.json?["inbox"]?.arrayValue?.map { $0["id"] } == [.string(id)])
        let deleted = h.send("DELETE", "/v1/apps/\(h.appID)/users/maya", key: h.serverKey)
        #expect(deleted.json?["deleted"]?["inbox"] == 1 && deleted.json?["deleted"]?["inboxMessages"] == 1)
        #expect(h.send("GET", Self.inbox(h, user: "maya"), key: h.serverKey).json?["messages"] == [])
    }
}
