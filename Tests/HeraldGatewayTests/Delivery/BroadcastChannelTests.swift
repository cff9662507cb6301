import Foundation
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway

/// Broadcast channels through the gateway: the API commits a channel, the engine makes and
/// deletes it at APNs, and a publish to it goes out as one broadcast with its statistics.
@Suite("Delivery engine: broadcast channels")
@MainActor
struct BroadcastChannelTests {
    func channelsPath(_ h: EngineHarness) -> String { "/v1/apps/\(h.api.appID)/channels" }

    /// Creates a channel through the API; its id.
    func createChannel(_ h: EngineHarness, policy: String = "mostRecent") throws -> String {
        let answer = h.api.send(
            "POST", channelsPath(h), key: h.api.serverKey, json: ["environment": "production", "storagePolicy": .string(policy)])
        #expect(answer.status == 202)
        #expect(answer.json?["state"] == "creating")
        #expect(answer.json?["apnsChannelId"] == .null)
        return try #require(answer.json?["channelId"]?.stringValue)
    }

    func channel(_ h: EngineHarness, _ id: String) -> JSONValue? {
        h.api.send("GET", channelsPath(h) + "/" + id, key: h.api.serverKey).json
    }

    nonisolated static func update(_ channel: String, event: String = "update", extra: [String: JSONValue] = [:]) -> JSONValue {
        var body: [String: JSONValue] = [
            "channels": [.string(channel)],
            "apns": ["aps": ["event": .string(event), "content-state": ["step": 2, "of": 3]]],
        ]
        for (key, value) in extra { body[key] = value }
        return .object(body)
    }

    @Test("a channel is made at APNs, listed with its APNs id, and deleted", arguments: StoreKind.tested)
    func lifecycle(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let id = try createChannel(h)
        #expect(id.hasPrefix("ch_"))
        await h.engine.runUntilIdle()
        #expect(h.deliverer.channelOperations == [.create(storagePolicy: .mostRecent)])
        let made = channel(h, id)
        #expect(made?["state"] == "active")
        #expect(made?["storagePolicy"] == "mostRecent")
        #expect(made?["environment"] == "production")
        #expect(made?["apnsChannelId"] == .string(FakeDeliverer.apnsChannelID(1)))

        let second = try createChannel(h, policy: "none")
        let list = h.api.send("GET", channelsPath(h), key: h.api.serverKey)
        #expect(list.status == 200)
        #expect(list.json?["channels"]?.arrayValue?.compactMap { $0["channelId"]?.stringValue } == [id, second])
        #expect(list.json?["channels"]?.arrayValue?.last?["state"] == "creating")
        // Another app's key sees none of them.
        #expect(h.api.send("GET", channelsPath(h), key: h.api.otherServerKey).status == 401)

        let deleting = h.api.send("DELETE", channelsPath(h) + "/" + id, key: h.api.serverKey)
        #expect(deleting.status == 202)
        #expect(deleting.json?["state"] == "deleting")
        await h.engine.runUntilIdle()
        #expect(h.deliverer.channelOperations.contains(.delete(apnsChannelID: FakeDeliverer.apnsChannelID(1))))
        #expect(channel(h, id)?["state"] == "deleted")
        let left = h.api.send("GET", channelsPath(h), key: h.api.serverKey).json?["channels"]?.arrayValue
        #expect(left?.compactMap { $0["channelId"]?.stringValue } == [second])

        #expect(h.api.send("DELETE", channelsPath(h) + "/ch_0000", key: h.api.serverKey).status == 404)
        #expect(h.api.send("GET", channelsPath(h) + "/ch_0000", key: h.api.serverKey).status == 404)
        let bad = h.api.send("POST", channelsPath(h), key: h.api.serverKey, json: ["storagePolicy": "always"])
        #expect(bad.status == 400)
        #expect(bad.errorMessage.contains("storagePolicy"))
    }

    @Test("a publish to a channel is one broadcast with the channel's APNs id, counted like any publish", arguments: StoreKind.tested)
    func publish(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let id = try createChannel(h)
        await h.engine.runUntilIdle()
        let publish = try h.publish(Self.update(id, extra: ["idempotencyKey": "score-1"]))
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.isEmpty)
        let broadcast = try #require(h.deliverer.broadcasts.first)
        #expect(h.deliverer.broadcasts.count == 1)
        #expect(broadcast.apnsChannelID == FakeDeliverer.apnsChannelID(1))
        #expect(broadcast.channelID == id)
        #expect(broadcast.bundleID == "com.example.test" && broadcast.priority == 10 && broadcast.publishID == publish)
        let payload = try JSONParser().parse(broadcast.payload)
        #expect(payload["herald"]?["publishId"] == .string(publish))
        #expect(payload["aps"]?["timestamp"] == .int(Int(h.now)))
        let status = h.status(publish)
        #expect(status?["status"] == "done")
        #expect(status?["targeted"] == 1)
        #expect(status?["sent"] == 1)
        #expect(status?["target"] == ["kind": "channels", "keys": [.string(id)]])

        let again = h.api.publish(Self.update(id, extra: ["idempotencyKey": "score-1"]))
        #expect(again.json?["publishId"] == .string(publish))
        #expect(again.json?["duplicate"] == true)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.broadcasts.count == 1)

        // APNs refuses a broadcast: failed, with its reason.
        h.deliverer.program(id, [.rejected(APNSError(status: 400, reason: .badChannelID))])
        let refused = try h.publish(Self.update(id))
        await h.engine.runUntilIdle()
        #expect(h.status(refused)?["failed"] == 1)
        #expect(h.status(refused)?["failures"] == ["BadChannelId": 1])
    }

    @Test("a broadcast cannot start an activity, goes to one channel, and takes Live Activity pushes only", arguments: StoreKind.tested)
    func refusals(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let id = try createChannel(h)
        let start = h.api.publish(Self.update(id, event: "start"))
        #expect(start.status == 400)
        #expect(start.errorMessage.contains("cannot start"))
        let alert = h.api.publish(Self.update(id, extra: ["options": ["pushType": "alert"]]))
        #expect(alert.status == 400)
        #expect(alert.errorMessage.contains("liveactivity"))
        let two = h.api.publish(["channels": [.string(id), "ch_1"], "apns": ["aps": ["event": "update", "content-state": [:]]]])
        #expect(two.status == 400)
        let unknown = h.api.publish(Self.update("ch_0000"))
        #expect(unknown.status == 404)
        #expect(h.deliverer.broadcasts.isEmpty)
    }

    @Test("a channel APNs refuses fails with the reason; a publish to it is refused", arguments: StoreKind.tested)
    func refusedChannel(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        h.deliverer.programChannels([.rejected(APNSError(status: 400, reason: .cannotCreateChannelConfig))])
        let id = try createChannel(h)
        await h.engine.runUntilIdle()
        let failed = channel(h, id)
        #expect(failed?["state"] == "failed")
        #expect(failed?["failureReason"] == "CannotCreateChannelConfig")
        #expect(failed?["apnsChannelId"] == .null)
        let refused = h.api.publish(Self.update(id))
        #expect(refused.status == 409)
        #expect(refused.json?["error"]?["code"] == "channel_failed")
        // APNs never made it: deleting it needs nothing of APNs.
        #expect(h.api.send("DELETE", channelsPath(h) + "/" + id, key: h.api.serverKey).json?["state"] == "deleted")
        await h.engine.runUntilIdle()
        #expect(h.deliverer.channelOperations.count == 1)
    }

    @Test("a publish while the channel is being made waits, without spending attempts, then goes", arguments: StoreKind.tested)
    func waitsForCreation(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        h.deliverer.programChannels([
            .transportFailure("connection refused"), .rejected(APNSError(status: 503, reason: .serviceUnavailable)),
        ])
        let id = try createChannel(h)
        let publish = try h.publish(Self.update(id))
        await h.engine.runUntilIdle()
        #expect(channel(h, id)?["state"] == "creating")
        #expect(channel(h, id)?["failureReason"] == "TransportFailure")
        #expect(h.status(publish)?["status"] == "sending")
        #expect(h.status(publish)?["sent"] == 0)
        #expect(h.deliverer.broadcasts.isEmpty)
        for _ in 0..<6 { await h.advance(by: 1) }
        #expect(h.deliverer.channelOperations.count == 3)
        #expect(channel(h, id)?["state"] == "active")
        #expect(h.deliverer.broadcasts.count == 1)
        #expect(h.status(publish)?["status"] == "done")
        #expect(h.status(publish)?["sent"] == 1)
        #expect(try h.api.fixture.scalar("SELECT attempts FROM deliveries WHERE token = ?", [.text(id)]) == 1)
    }

    @Test("a channel deleted after a publish was queued fails that publish with the reason", arguments: StoreKind.tested)
    func deletedBeforeSending(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let id = try createChannel(h)
        await h.engine.runUntilIdle()
        let publish = try h.publish(Self.update(id))
        #expect(h.api.send("DELETE", channelsPath(h) + "/" + id, key: h.api.serverKey).status == 202)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.broadcasts.isEmpty)
        #expect(h.status(publish)?["failed"] == 1)
        #expect(h.status(publish)?["failures"] == ["ChannelDeleted": 1])
        #expect(h.api.publish(Self.update(id)).json?["error"]?["code"] == "channel_deleted")
    }

    @Test("the list comes in pages: limit (50 by default, at most 200) and after, the next page's start", arguments: StoreKind.tested)
    func pages(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        for n in 1...60 {
            try h.api.fixture.execute(
                """
                INSERT INTO channels (id, app_id, environment, storage_policy, state, next_at, created_at, updated_at)
                VALUES ('ch_\(n)', '\(h.api.appID)', 'production', 'none', '\(n == 2 ? "deleted" : "active")', 0, 0, 0)
                """)
        }
        func page(_ query: String) -> (ids: [String], next: JSONValue?) {
            let answer = h.api.send("GET", channelsPath(h) + query, key: h.api.serverKey)
            #expect(answer.status == 200)
            return (answer.json?["channels"]?.arrayValue?.compactMap { $0["channelId"]?.stringValue } ?? [], answer.json?["next"])
        }
        let first = page("")
        #expect(first.ids.count == 50 && first.ids.prefix(3) == ["ch_1", "ch_3", "ch_4"] && first.next == "ch_51")
        #expect(page("?after=ch_51") == (["ch_52", "ch_53", "ch_54", "ch_55", "ch_56", "ch_57", "ch_58", "ch_59", "ch_60"], JSONValue.null))
        #expect(page("?limit=2") == (["ch_1", "ch_3"], "ch_3"))
        #expect(page("?limit=2&after=ch_1") == (["ch_3", "ch_4"], "ch_4"), "a deleted channel is skipped")
        #expect(page("?limit=1&after=ch_2") == (["ch_3"], "ch_3"), "and may be where a page starts")
        #expect(page("?limit=200").ids.count == 59)
        #expect(page("?after=ch_60") == ([], JSONValue.null))
        for (query, field) in [("?limit=0", "limit"), ("?limit=201", "limit"), ("?after=ch_none", "after"), ("?after=a%20b", "after")] {
            let refused = h.api.send("GET", channelsPath(h) + query, key: h.api.serverKey)
            #expect(refused.status == 400 && refused.errorMessage.hasPrefix(field + ":"), "\(query): \(refused.errorMessage)")
        }
    }

    @Test("an app has at most 10,000 channels per environment, as APNs allows", arguments: StoreKind.tested)
    func limit(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try h.api.fixture.execute(
            """
            WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000)
            INSERT INTO channels (id, app_id, environment, storage_policy, state, next_at, created_at, updated_at)
            SELECT 'ch_' || x, '\(h.api.appID)', 'production', 'none', 'active', 0, 0, 0 FROM n
            """)
        let refused = h.api.send("POST", channelsPath(h), key: h.api.serverKey, json: ["environment": "production"])
        #expect(refused.status == 409)
        #expect(refused.json?["error"]?["code"] == "limit_exceeded")
        #expect(refused.errorMessage.contains("10000 channels in production"))
        #expect(h.api.send("POST", channelsPath(h), key: h.api.serverKey, json: ["environment": "sandbox"]).status == 202)
        // A deleted channel no longer counts.
        try h.api.fixture.execute("UPDATE channels SET state = 'deleted' WHERE id = 'ch_1'")
        #expect(h.api.send("POST", channelsPath(h), key: h.api.serverKey, json: ["environment": "production"]).status == 202)
    }

    @Test(
        "a claimed channel operation waits for its hold; a delete during a create deletes what the create made", arguments: StoreKind.tested
    )
    func claims(kind: StoreKind) throws {
        let h = try EngineHarness(kind)
        let store = h.store, app = h.api.appID
        let channel = try store.createChannel(appID: app, environment: .sandbox, storagePolicy: .none, now: 100)
        let first = try store.claimChannelOperations(now: 100, limit: 10, hold: 60)
        #expect(first.map(\.id) == [channel.id])
        #expect(first.first?.attempts == 1 && first.first?.state == .creating)
        #expect(try store.claimChannelOperations(now: 159, limit: 10, hold: 60).isEmpty)
        #expect(try store.claimChannelOperations(now: 160, limit: 10, hold: 60).first?.attempts == 2)

        // Deleted while the create is out: it waits for the create's answer.
        #expect(try store.deleteChannel(appID: app, id: channel.id, now: 161)?.state == .deleting)
        #expect(try store.claimChannelOperations(now: 161, limit: 10, hold: 60).isEmpty)
        try store.completeChannelOperation(appID: app, id: channel.id, .created(apnsChannelID: "QUJDRA=="), now: 162)
        let made = try store.channel(appID: app, id: channel.id)
        #expect(made?.state == .deleting && made?.apnsChannelID == "QUJDRA==")
        let deleting = try store.claimChannelOperations(now: 162, limit: 10, hold: 60)
        #expect(deleting.first?.state == .deleting && deleting.first?.attempts == 1)
        try store.completeChannelOperation(appID: app, id: channel.id, .deleted, now: 163)
        #expect(try store.channel(appID: app, id: channel.id)?.state == .deleted)
        // A late or repeated answer changes nothing.
        try store.completeChannelOperation(appID: app, id: channel.id, .failed(reason: "BadChannelId"), now: 164)
        #expect(try store.channel(appID: app, id: channel.id)?.state == .deleted)
        #expect(try store.channels(appID: app, after: nil, limit: 10).isEmpty)
        #expect(try store.deleteChannel(appID: app, id: channel.id, now: 165)?.state == .deleted)
        #expect(try store.deleteChannel(appID: app, id: "ch_none", now: 165) == nil)
        #expect(try store.channel(appID: "app_other", id: channel.id) == nil)
    }
}
