import Foundation
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Each reason an explanation gives, on both stores, with the facts that decided it.
@Suite("Explain: why a device was or was not reached")
struct ExplainReasonTests {
    static let alert: JSONValue = ["title": "Sale", "body": "Today only"]

    @Test("reached by an interest: via, variant, due time, route, the exact APNs request, the attempt and the receipts", arguments: StoreKind.tested)
    func reachedByInterest(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1, interests: ["news", "sport"], locale: "de-AT")
        let publish = try x.publish([
            "interests": ["sport", "tech"],
            "notification": ["title": "Sale", "body": "Today", "localized": ["de": ["title": "Angebot", "body": "Heute"]]],
            "options": ["collapseId": "sale", "ttl": 3600],
        ])
        try x.deliver(.sent(apnsID: nil))
        _ = try x.store.recordEvents(
            appID: x.appID, [DeviceEvent(publishID: publish, deviceID: device, kind: .opened, at: x.now + 5)], quota: DeviceQuota())
        let json = try x.explain(publish, device)
        #expect(json["reached"] == true)
        #expect(json["reason"] == nil)
        #expect(json["via"] == ["kind": "interests", "keys": ["sport"], "filter": false])
        #expect(json["variant"]?["tag"] == "de")
        #expect(json["variant"]?["rule"]?.stringValue?.hasPrefix("language") == true)
        #expect(json["dueAt"]?.doubleValue == x.now)
        #expect(json["route"] == ["service": "apns", "environment": "production"])
        #expect(json["state"] == "sent")
        let headers = try #require(json["payload"]?["headers"])
        #expect(headers["apns-collapse-id"] == "sale")
        #expect(headers["apns-expiration"] == .string(String(Int(x.now + 3600))))
        #expect(headers["apns-topic"]?.stringValue?.isEmpty == false)
        #expect(json["payload"]?["body"]?["aps"]?["alert"]?["title"] == "Angebot")
        #expect(json["payload"]?["body"]?["herald"]?["publishId"]?.stringValue == publish)
        let attempts = try #require(json["attempts"]?.arrayValue)
        #expect(attempts.count == 1)
        #expect(attempts.first?["outcome"] == "sent")
        #expect(attempts.first?["serviceId"] == headers["apns-id"])
        #expect(attempts.first?["status"] == 200)
        #expect(attempts.first?["latency"]?.doubleValue == 0)
        #expect(json["receipts"]?.arrayValue?.map { $0["kind"] } == ["opened"])
    }

    @Test("reached by its user; another user's device is outside the target, named", arguments: StoreKind.tested)
    func byUser(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let anna = try x.device(1, user: "anna")
        let ben = try x.device(2, user: "ben")
        let loner = try x.device(3)
        let publish = try x.publish(["users": ["anna"], "notification": Self.alert])
        try x.deliver()
        #expect(try x.explain(publish, anna)["via"] == ["kind": "users", "keys": ["anna"], "filter": false])
        let other = try x.explain(publish, ben)
        #expect(other["reached"] == false)
        #expect(other["reason"] == "not_in_target")
        #expect(other["detail"] == "its user \"ben\" is not one of users \"anna\"")
        #expect(try x.explain(publish, loner)["detail"] == "it has no user; the publish goes to users \"anna\"")
    }

    @Test("outside an interests target: the interests it has are named", arguments: StoreKind.tested)
    func notSubscribed(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1, interests: ["sport"])
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert])
        try x.deliver()
        let json = try x.explain(publish, device)
        #expect(json["reason"] == "not_in_target")
        #expect(json["detail"] == "it is not subscribed to interest \"news\"; it has \"sport\"")
        #expect(json["payload"] == nil)
    }

    @Test("filtered out: the first failing condition with its path and the device's value", arguments: StoreKind.tested)
    func filteredOut(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let german = try x.device(1, locale: "de-AT")
        let french = try x.device(2, locale: "fr-FR")
        let publish = try x.publish([
            "notification": Self.alert,
            "filter": ["and": [["field": "platform", "op": "eq", "value": "apns"], ["field": "language", "op": "in", "value": ["fr", "en"]]]],
        ])
        try x.deliver()
        let json = try x.explain(publish, german)
        #expect(json["reached"] == false)
        #expect(json["reason"] == "filtered_out")
        #expect(json["detail"] == "filter.and[1]: language \"de\" is not in [\"fr\",\"en\"]")
        #expect(try x.explain(publish, french)["via"] == ["kind": "app", "keys": [], "filter": true])
    }

    @Test("a token dead before the publish: invalidated_before, with when and why", arguments: StoreKind.tested)
    func deadBefore(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1)
        let first = try x.publish(["interests": ["news"], "notification": Self.alert])
        x.now += 60
        try x.deliver(.invalidated(DeadToken(reason: "Unregistered", since: x.now - 30)))
        x.now += 60
        let second = try x.publish(["interests": ["news"], "notification": Self.alert])
        try x.deliver()
        let before = try x.explain(first, device)
        #expect(before["reached"] == true)
        #expect(before["state"] == "invalidated")
        #expect(before["attempts"]?[0]?["outcome"] == "invalidated")
        #expect(before["attempts"]?[0]?["status"] == 410)
        let json = try x.explain(second, device)
        #expect(json["reached"] == false)
        #expect(json["reason"] == "invalidated_before")
        #expect(json["detail"]?.stringValue?.hasSuffix("(Unregistered)") == true)
        // A tokens publish makes the dead token's delivery final at once, counted as invalidated.
        let byToken = try x.publish(["tokens": [.string(StoreFixture.token(1))], "notification": Self.alert])
        try x.deliver()
        let tokenJSON = try x.explain(byToken, device)
        #expect(tokenJSON["reason"] == "invalidated_before")
        #expect(try x.store.publish(appID: x.appID, id: byToken)?.counts.invalidated == 1)
    }

    @Test("a device registered after the fan-out: registered_after; one that joined the interest since: changed_after", arguments: StoreKind.tested)
    func registeredAfter(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let early = try x.device(1, interests: ["sport"])
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert])
        try x.deliver()
        x.now += 120
        let late = try x.device(2)
        let json = try x.explain(publish, late)
        #expect(json["reason"] == "registered_after")
        _ = try x.store.registerDevice(
            appID: x.appID, DeviceRegistration(token: StoreFixture.token(1), environment: .production, interests: ["news"]),
            quota: .unlimited, now: x.now)
        #expect(try x.explain(publish, early)["reason"] == "changed_after")
    }

    @Test("capped: the cap's window, the publishes it counted, and the state", arguments: StoreKind.tested)
    func capped(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1)
        let body: JSONValue = ["interests": ["news"], "notification": Self.alert, "options": ["frequencyCap": ["max": 1, "window": 3600]]]
        let first = try x.publish(body)
        try x.deliver()
        x.now += 10
        let second = try x.publish(body)
        try x.deliver()
        let json = try x.explain(second, device)
        #expect(json["reached"] == true)
        #expect(json["state"] == "capped")
        #expect(json["capped"]?["applied"] == true)
        #expect(json["capped"]?["counted"]?.arrayValue?.map { $0["publishId"] } == [.string(first)])
        #expect(try x.explain(first, device)["capped"]?["applied"] == false)
        #expect(try x.store.publish(appID: x.appID, id: second)?.counts.capped == 1)
    }

    @Test("cancelled before its turn; waiting while scheduled", arguments: StoreKind.tested)
    func cancelled(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1)
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert, "options": ["sendAt": .double(x.now + 3600)]])
        let waiting = try x.explain(publish, device)
        #expect(waiting["reached"] == false)
        #expect(waiting["reason"] == "waiting")
        #expect(x.h.send("DELETE", x.h.publishes + "/" + publish, key: x.h.serverKey).status == 200)
        let json = try x.explain(publish, device)
        #expect(json["reason"] == "cancelled")
        #expect(json["publishStatus"] == "cancelled")
    }

    @Test("deleted alone or with its user's data: deleted, with when; its receipts stay while kept", arguments: StoreKind.tested)
    func deleted(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let alone = try x.device(1)
        let withUser = try x.device(2, user: "carol")
        let gone = try x.device(3)
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert])
        try x.deliver()
        x.now += 30
        #expect(try x.store.deleteDevice(appID: x.appID, deviceID: alone, now: x.now))
        _ = try x.store.deleteUser(appID: x.appID, userID: "carol", now: x.now)
        #expect(try x.store.deleteDevice(appID: x.appID, deviceID: gone, now: x.now))
        let later = try x.publish(["interests": ["news"], "notification": Self.alert])
        try x.deliver()
        // Reached before its deletion: the delivery is still there.
        let reached = try x.explain(publish, alone)
        #expect(reached["reached"] == true)
        #expect(reached["device"]?["deletedAt"]?.doubleValue == x.now)
        let json = try x.explain(later, alone)
        #expect(json["reason"] == "deleted")
        let user = try x.explain(later, withUser)
        #expect(user["reason"] == "deleted")
        #expect(user["detail"]?.stringValue?.hasSuffix("with its user's data") == true)
        // Past retention, a deleted device is forgotten: 404.
        _ = try x.store.pruneFinished(before: x.now + 1, limit: 10_000)
        #expect(x.explainResponse(later, gone).status == 404)
    }

    @Test("after retention pruned the deliveries: judged on the device now, with what is gone", arguments: StoreKind.tested)
    func pruned(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1)
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert])
        try x.deliver()
        x.now += 10
        _ = try x.store.pruneFinished(before: x.now, limit: 10_000)
        let json = try x.explain(publish, device)
        #expect(json["reached"] == true)
        #expect(json["gone"] == ["delivery", "attempts", "receipts"])
        #expect(json["judgedNow"] == true)
        #expect(json["state"] == nil)
        #expect(json["payload"]?["body"]?["herald"]?["publishId"]?.stringValue == publish)
    }

    @Test("a retried delivery lists each attempt: the retry with its reason and latency, then the answer", arguments: StoreKind.tested)
    func attempts(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1)
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert])
        while try x.store.fanOutStep(limit: 1000, now: x.now) != nil {}
        var jobs = try x.store.claimDeliveries(appID: x.appID, now: x.now, limit: 10)
        x.now += 0.25
        try x.store.completeDeliveries(
            jobs.map { DeliveryResult(seq: $0.seq, outcome: .retry(reason: "TooManyRequests", retryAt: x.now + 5)) }, now: x.now)
        let waiting = try x.explain(publish, device)
        #expect(waiting["state"] == "pending")
        #expect(waiting["nextAt"]?.doubleValue == x.now + 5)
        x.now += 5
        jobs = try x.store.claimDeliveries(appID: x.appID, now: x.now, limit: 10)
        x.now += 0.5
        try x.store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: x.now)
        let attempts = try #require(try x.explain(publish, device)["attempts"]?.arrayValue)
        #expect(attempts.map { $0["outcome"] } == ["retry", "sent"])
        #expect(attempts.first?["reason"] == "TooManyRequests")
        #expect(attempts.map { $0["status"] } == [429, 200])
        #expect(attempts.first?["latency"]?.doubleValue == 0.25)
        #expect(attempts.last?["latency"]?.doubleValue == 0.5)
    }

    @Test("a delivery finished without a try (expired while waiting) shows its state and reason and no attempt", arguments: StoreKind.tested)
    func finishedUntried(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1)
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert])
        while try x.store.fanOutStep(limit: 1000, now: x.now) != nil {}
        // As the engine finishes one whose expiration passed before its claim.
        try x.h.fixture.execute("UPDATE deliveries SET state = 3, reason = 'Expired' WHERE publish_id = ?", [.text(publish)])
        let json = try x.explain(publish, device)
        #expect(json["reached"] == true)
        #expect(json["state"] == "failed")
        #expect(json["stateReason"] == "Expired")
        #expect(json["attempts"] == [])
    }

    @Test("an FCM device: the route and the FCM message as sent", arguments: StoreKind.tested)
    func fcm(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1, platform: .fcm)
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert])
        try x.deliver()
        let json = try x.explain(publish, device)
        #expect(json["route"] == ["service": "fcm"])
        #expect(json["payload"]?["message"]?["token"]?.stringValue?.hasPrefix("fcm-token-1:") == true)
        #expect(json["payload"]?["message"]?["notification"]?["title"] == "Sale")
    }

    @Test("inbox publishes show the message in the device's user's inbox", arguments: StoreKind.tested)
    func inbox(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1, user: "dora")
        let publish = try x.publish(["users": ["dora"], "notification": Self.alert, "inbox": true])
        try x.deliver()
        let json = try x.explain(publish, device)
        #expect(json["inbox"]?["kept"] == true)
        #expect(json["inbox"]?["owner"] == "user:dora")
        #expect(json["inbox"]?["read"] == false)
    }

    @Test("unknown publish, unknown device and another app's device: 404", arguments: StoreKind.tested)
    func notFound(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1)
        let publish = try x.publish(["interests": ["news"], "notification": Self.alert])
        #expect(x.explainResponse("pub_" + String(repeating: "f", count: 32), device).errorMessage.hasPrefix("no publish"))
        #expect(x.explainResponse(publish, "dev_nope").status == 404)
        #expect(x.explainResponse(publish, "dev_nope").errorMessage.hasPrefix("no device dev_nope"))
        // A device of another app is no device of this one.
        let foreign = try x.store.registerDevice(
            appID: "app_other", DeviceRegistration(token: StoreFixture.token(99), environment: .production), quota: .unlimited, now: x.now
        ).id
        #expect(x.explainResponse(publish, foreign).status == 404)
        #expect(x.previewResponse(["interests": ["news"], "notification": Self.alert], devices: [foreign]).status == 404)
        // The other app's key sees neither this app's publish nor its device.
        let other = x.h.send("GET", "/v1/apps/app_other/publishes/\(publish)/devices/\(device)", key: x.h.otherServerKey)
        #expect(other.status == 404)
    }
}

/// The device's facts on its receipts, as the API takes them and the explanation shows them.
@Suite("Explain: the device's receipt facts")
struct ExplainReceiptFactsTests {
    @Test("presented, extension and routed facts are kept with their receipts and shown in order; bad facts are refused by path", arguments: StoreKind.tested)
    func facts(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let device = try x.device(1)
        let publish = try x.publish(["interests": ["news"], "notification": ["title": "x"]])
        try x.deliver()
        let events: JSONValue = [
            "events": [
                [
                    "publishId": .string(publish), "deviceId": .string(device), "event": "delivered", "at": .double(x.now + 1),
                    "facts": ["extension": ["kept": 0, "trigger": "deadline", "skipped": [["source": "https://cdn.example.com/a.jpg", "reason": "the deadline came first"]]]],
                ],
                [
                    "publishId": .string(publish), "deviceId": .string(device), "event": "presented", "at": .double(x.now + 2),
                    "facts": ["presented": ["how": "banner"]],
                ],
                [
                    "publishId": .string(publish), "deviceId": .string(device), "event": "routed", "at": .double(x.now + 3),
                    "facts": ["routed": ["matched": false, "why": "no route matches app://x"]],
                ],
            ]
        ]
        x.now += 10
        let recorded = x.h.send("POST", "/v1/apps/\(x.appID)/events", key: x.h.serverKey, json: events)
        #expect(recorded.status == 202, "\(recorded.errorMessage)")
        #expect(recorded.json?["accepted"] == 3)
        let receipts = try #require(try x.explain(publish, device)["receipts"]?.arrayValue)
        #expect(receipts.map { $0["kind"] } == ["delivered", "presented", "routed"])
        #expect(receipts[0]["facts"]?["extension"]?["trigger"] == "deadline")
        #expect(receipts[1]["facts"] == ["presented": ["how": "banner"]])
        #expect(receipts[2]["facts"]?["routed"]?["matched"] == false)
        // Presented and routed receipts count nothing: the publish's counters are delivered and opened.
        #expect(try x.store.publish(appID: x.appID, id: publish)?.counts.delivered == 1)
        for (facts, message) in [
            (["presented": ["how": "loud"]] as JSONValue, "events[0].facts.presented.how: \"loud\" is not banner, alert, system, coalesced, suppressed"),
            (["routed": ["route": "x"]], "events[0].facts.routed.matched: is required"),
            (["extension": ["kept": 1, "trigger": "completed", "skipped": .array(Array(repeating: ["source": "s", "reason": "r"], count: 11))]],
             "events[0].facts.extension.skipped: expected an array of at most 10"),
            (["other": true], "events[0].facts.other: unknown field"),
        ] {
            let bad: JSONValue = ["events": [["publishId": .string(publish), "deviceId": .string(device), "event": "opened", "at": .double(x.now), "facts": facts]]]
            let refused = x.h.send("POST", "/v1/apps/\(x.appID)/events", key: x.h.serverKey, json: bad)
            #expect(refused.status == 400)
            #expect(refused.errorMessage.hasPrefix(message), "\(refused.errorMessage)")
        }
    }
}

/// Live Activity targets: the activities a device runs, and a channel's broadcast.
@Suite("Explain: Live Activity publishes")
struct ExplainActivityTests {
    static func update(_ target: [String: JSONValue]) -> JSONValue {
        var body = target
        body["apns"] = ["aps": ["event": "update", "timestamp": 1_800_000_000, "content-state": ["step": 1]]]
        return .object(body)
    }

    @Test("activities: reached through the activity it runs; an ended one and none are outside, named; a channel cannot be known", arguments: StoreKind.tested)
    func activities(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let (running, ended, none) = (try x.device(1), try x.device(2), try x.device(3))
        _ = try x.store.setActivityToken(appID: x.appID, deviceID: running, activityID: "act-1", activityType: "Deploy", token: String(repeating: "a1", count: 32), now: x.now)
        _ = try x.store.setActivityToken(appID: x.appID, deviceID: ended, activityID: "act-2", activityType: "Deploy", token: String(repeating: "b2", count: 32), now: x.now)
        _ = try x.store.endActivity(appID: x.appID, deviceID: ended, activityID: "act-2", now: x.now)
        let publish = try x.publish(Self.update(["activities": ["act-1", "act-2"]]))
        try x.deliver()
        let json = try x.explain(publish, running)
        #expect(json["via"] == ["kind": "activities", "keys": ["act-1"], "filter": false])
        #expect(json["state"] == "sent")
        #expect(json["payload"]?["headers"]?["apns-push-type"] == "liveactivity")
        #expect(try x.explain(publish, ended)["detail"] == "its activity \"act-2\" ended")
        #expect(try x.explain(publish, none)["detail"] == "it runs none of the activities \"act-1\", \"act-2\"")
        let channel = try x.store.createChannel(appID: x.appID, environment: .production, storagePolicy: .none, now: x.now)
        let broadcast = try x.publish(Self.update(["channels": [.string(channel.id)]]))
        let unknown = try x.explain(broadcast, running)
        #expect(unknown["reached"] == .null)
        #expect(unknown["reason"] == "broadcast")
    }
}
