import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

/// Live Activity publishes through the publish pipeline: a start to the push-to-start
/// tokens of devices, users or interests; an update or an end to an activity's update
/// tokens wherever it runs; each with its publish id, status and statistics.
@Suite("Delivery engine: Live Activity publishes")
@MainActor
struct LiveActivityPublishTests {
    nonisolated static let deployType = "DeployAttributes"

    /// Token `n` of the push-to-start or activity kind: distinct from every device token.
    nonisolated static func activityToken(_ n: Int) -> String { StoreFixture.token(10_000 + n) }

    nonisolated static func start(_ target: [String: JSONValue], type: String = deployType, extra: [String: JSONValue] = [:]) -> JSONValue {
        var body = target
        body["apns"] = [
            "aps": [
                "event": "start", "attributes-type": .string(type), "attributes": ["service": "api"],
                "content-state": ["step": 0, "of": 3], "alert": ["title": "Deploy", "body": "api is deploying"],
            ]
        ]
        body["options"] = ["pushType": "liveactivity"]
        for (key, value) in extra { body[key] = value }
        return .object(body)
    }

    nonisolated static func update(_ activities: [String], step: Int, event: String = "update") -> JSONValue {
        [
            "activities": .array(activities.map(JSONValue.string)),
            "apns": ["aps": ["event": .string(event), "timestamp": 1_800_000_000, "content-state": ["step": .int(step), "of": 3]]],
        ]
    }

    /// Registers device `n` (user `user`) with a push-to-start token for `type`; its id and key.
    func device(_ h: EngineHarness, _ n: Int, user: String? = nil, type: String? = deployType) throws -> (id: String, key: String) {
        let (id, key) = h.api.registered(n, user: user)
        if let type {
            let answer = h.api.send(
                "PUT", h.api.devices + "/\(id)/push-to-start/\(type)", key: key, json: ["token": .string(Self.activityToken(n))])
            #expect(answer.status == 200)
        }
        return (id, key)
    }

    @Test("a start goes to the push-to-start tokens of the type, on devices, users or interests", arguments: StoreKind.tested)
    func start(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let a = try device(h, 1, user: "ann"), b = try device(h, 2, user: "ann")
        _ = try device(h, 3, user: "bob", type: "MatchAttributes")
        _ = try device(h, 4, user: "ann", type: nil)

        let toUser = try h.publish(Self.start(["users": ["ann", "bob"]]))
        await h.engine.runUntilIdle()
        let sent = h.deliverer.sent
        #expect(Set(sent.map(\.deviceToken)) == [Self.activityToken(1), Self.activityToken(2)])
        #expect(sent.allSatisfy { $0.topic == "com.example.test.push-type.liveactivity" && $0.pushType == "liveactivity" })
        #expect(sent.allSatisfy { $0.priority == 10 })
        let aps = try JSONParser().parse(try #require(sent.first).payload)["aps"]
        #expect(aps?["timestamp"] == .int(Int(h.now)))
        #expect(aps?["attributes-type"] == .string(Self.deployType))
        let status = h.status(toUser)
        #expect(status?["status"] == "done")
        #expect(status?["targeted"] == 2)
        #expect(status?["sent"] == 2)
        #expect(status?["target"] == ["kind": "pushToStart.users", "keys": ["ann", "bob"], "activityType": .string(Self.deployType)])

        let toDevices = try h.publish(Self.start(["devices": [.string(a.id), .string(b.id)]], type: "MatchAttributes"))
        await h.engine.runUntilIdle()
        #expect(h.status(toDevices)?["targeted"] == 0)
        #expect(h.status(toDevices)?["status"] == "done")
        let toInterest = try h.publish(Self.start(["interests": ["news"]], type: "MatchAttributes"))
        await h.engine.runUntilIdle()
        #expect(h.status(toInterest)?["targeted"] == 1)
        #expect(h.deliverer.sent.last?.deviceToken == Self.activityToken(3))
        #expect(h.deliverer.sent.count == 3)
    }

    @Test("a start to an interest of many devices is paged: each push-to-start token once", arguments: StoreKind.tested)
    func pagedStart(kind: StoreKind) async throws {
        var policy = DeliveryPolicy()
        policy.fanOutBatch = 7
        policy.batchSize = 5
        let h = try EngineHarness(kind, policy: policy)
        for n in 0..<30 { _ = try device(h, n, type: n % 3 == 0 ? "MatchAttributes" : Self.deployType) }
        let id = try h.publish(Self.start(["interests": ["news"]]))
        await h.engine.runUntilIdle()
        let expected = Set((0..<30).filter { $0 % 3 != 0 }.map(Self.activityToken))
        #expect(h.deliverer.sent.count == expected.count)
        #expect(Set(h.deliverer.sent.map(\.deviceToken)) == expected)
        #expect(h.status(id)?["targeted"] == .int(expected.count))
        #expect(h.status(id)?["status"] == "done")
    }

    @Test(
        "an update and an end go to each activity's update token, only on the device that registered it, not after it ended",
        arguments: StoreKind.tested)
    func updateAndEnd(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let a = try device(h, 1), b = try device(h, 2)
        func report(_ device: (id: String, key: String), _ activity: String, token n: Int) -> Int {
            h.api.send(
                "PUT", h.api.devices + "/\(device.id)/live-activities/\(activity)", key: device.key,
                json: ["activityType": .string(Self.deployType), "token": .string(Self.activityToken(n))]
            ).status
        }
        #expect(report(a, "deploy-7", token: 21) == 201)
        #expect(report(b, "deploy-8", token: 22) == 201)
        #expect(report(b, "deploy-7", token: 23) == 409, "deploy-7 is a's")
        let update = try h.publish(Self.update(["deploy-7", "deploy-8"], step: 1))
        await h.engine.runUntilIdle()
        #expect(Set(h.deliverer.sent.map(\.deviceToken)) == [Self.activityToken(21), Self.activityToken(22)], "none to b's token 23")
        #expect(h.deliverer.sent.allSatisfy { $0.pushType == "liveactivity" && $0.topic.hasSuffix(".push-type.liveactivity") })
        #expect(h.status(update)?["sent"] == 2)
        #expect(h.status(update)?["target"] == ["kind": "activities", "keys": ["deploy-7", "deploy-8"]])

        #expect(h.api.send("DELETE", h.api.devices + "/\(b.id)/live-activities/deploy-8", key: b.key).status == 200)
        let end = try h.publish(Self.update(["deploy-7", "deploy-8"], step: 3, event: "end"))
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 3)
        #expect(h.deliverer.sent.last?.deviceToken == Self.activityToken(21))
        let payload = try JSONParser().parse(try #require(h.deliverer.sent.last).payload)
        #expect(payload["aps"]?["event"] == "end")
        #expect(payload["herald"]?["publishId"] == .string(end))
        #expect(h.status(end)?["targeted"] == 1)
        #expect(h.status(end)?["status"] == "done")
    }

    @Test("a failed Live Activity delivery is counted by reason like any other", arguments: StoreKind.tested)
    func failures(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        _ = try device(h, 1)
        h.deliverer.program(Self.activityToken(1), [.refused(400, "BadPriority")])
        let id = try h.publish(Self.start(["interests": ["news"]]))
        await h.engine.runUntilIdle()
        #expect(h.status(id)?["failed"] == 1)
        #expect(h.status(id)?["failures"] == ["BadPriority": 1])
    }

    @Test("a dead push-to-start token is removed, not the device; counted as invalidated with its reason", arguments: StoreKind.tested)
    func deadPushToStartToken(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let a = try device(h, 1), b = try device(h, 2)
        h.deliverer.program(Self.activityToken(1), [.refused(400, "BadDeviceToken")])
        h.deliverer.program(Self.activityToken(2), [.refused(400, "DeviceTokenNotForTopic")])
        let id = try h.publish(Self.start(["interests": ["news"]]))
        await h.engine.runUntilIdle()
        let status = h.status(id)
        #expect(status?["invalidated"] == 2)
        #expect(status?["failures"] == ["BadDeviceToken": 1, "DeviceTokenNotForTopic": 1])
        #expect(status?["status"] == "done")
        for device in [a, b] {
            let listed = try #require(try h.store.activities(appID: h.api.appID, deviceID: device.id))
            #expect(listed.pushToStart.isEmpty)
            #expect(try h.store.device(appID: h.api.appID, id: device.id)?.invalidatedAt == nil)
        }
        // The device's own token still gets notifications.
        let alert = try h.publish(["devices": [.string(a.id)], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        #expect(h.status(alert)?["sent"] == 1)
        #expect(h.deliverer.sent.last?.deviceToken == StoreFixture.token(1))
    }

    @Test(
        "a dead update token removes its activity's row; a 410 older than the token only fails the delivery", arguments: StoreKind.tested)
    func deadActivityToken(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let a = try device(h, 1), b = try device(h, 2)
        for (device, activity, n) in [(a, "deploy-7", 21), (b, "deploy-8", 22)] {
            _ = h.api.send(
                "PUT", h.api.devices + "/\(device.id)/live-activities/\(activity)", key: device.key,
                json: ["activityType": .string(Self.deployType), "token": .string(Self.activityToken(n))])
        }
        h.deliverer.program(Self.activityToken(21), [.rejected(.unregistered(at: h.now + 1))])
        h.deliverer.program(Self.activityToken(22), [.rejected(.unregistered(at: h.now - 60))])
        let id = try h.publish(Self.update(["deploy-7", "deploy-8"], step: 1))
        await h.engine.runUntilIdle()
        let status = h.status(id)
        #expect(status?["invalidated"] == 1)
        #expect(status?["failed"] == 1)
        #expect(status?["failures"] == ["Unregistered": 2])
        #expect(try h.store.activities(appID: h.api.appID, deviceID: a.id)?.activities.isEmpty == true)
        #expect(try h.store.activities(appID: h.api.appID, deviceID: b.id)?.activities.map(\.id) == ["deploy-8"])
        #expect(try h.store.device(appID: h.api.appID, id: a.id)?.invalidatedAt == nil)

        let next = try h.publish(Self.update(["deploy-7", "deploy-8"], step: 2))
        await h.engine.runUntilIdle()
        #expect(h.status(next)?["targeted"] == 1)
        #expect(h.deliverer.sent.last?.deviceToken == Self.activityToken(22))
    }

    @Test("the same idempotency key returns the same Live Activity publish and sends nothing again", arguments: StoreKind.tested)
    func idempotent(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        _ = try device(h, 1)
        let body = Self.start(["interests": ["news"]], extra: ["idempotencyKey": "deploy-7-start"])
        let first = try h.publish(body)
        await h.engine.runUntilIdle()
        let again = h.api.publish(body)
        #expect(again.json?["publishId"] == .string(first))
        #expect(again.json?["duplicate"] == true)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 1)
    }

    @Test(
        "a Live Activity publish with the wrong target, event or header is refused naming the field",
        arguments: StoreKind.tested,
        [
            (update(["a"], step: 1, event: "start"), "apns.aps.event: an activity starts through push-to-start tokens"),
            (
                ["users": ["ann"], "options": ["pushType": "liveactivity"], "apns": ["aps": ["event": "update", "content-state": [:]]]],
                "apns.aps.event: a Live Activity push to users starts activities"
            ),
            (
                ["activities": ["a"], "options": ["pushType": "alert"], "apns": ["aps": ["alert": "x"]]],
                "options.pushType: an activities target takes Live Activity pushes only"
            ),
            (
                ["activities": ["a"], "options": ["priority": 1], "apns": ["aps": ["event": "end"]]],
                "options.priority: a liveactivity push must be sent with priority"
            ),
            (start(["users": ["ann"]], type: "9Lives"), "apns.aps.attributes-type: \"9Lives\" is not an activity type"),
            (
                ["activities": ["a"], "apns": ["aps": ["event": "update"]]],
                "apns.aps.content-state: an update event needs content-state"
            ),
        ] as [(JSONValue, String)])
    func refused(kind: StoreKind, example: (JSONValue, String)) async throws {
        let (body, message) = example
        let h = try EngineHarness(kind)
        let answer = h.api.publish(body)
        #expect(answer.status == 400)
        #expect(answer.errorMessage.hasPrefix(message), "\(answer.errorMessage)")
    }
}
