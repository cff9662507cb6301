import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store: publishes, fan-out, deliveries")
struct StorePublishTests {
    @Test("a publish is committed with herald.publishId in its payload and a collapse id", arguments: StoreKind.tested)
    func created(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try fixture.publish(.interests(["news"]))
        let publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        #expect(publish.status == .queued)
        let payload = try JSONParser().parse(publish.payload)
        #expect(payload["herald"]?["publishId"] == .string(id))
        #expect(payload["aps"]?["alert"] == "hi")
        #expect(publish.options.collapseID == id)
        #expect(try fixture.store.publish(appID: "other", id: id) == nil)
    }

    @Test("the counters by platform are kept as deliveries end, not counted from them: they outlive retention", arguments: StoreKind.tested)
    func splitsOutliveRetention(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(5)
        let id = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll(batch: 2)
        let jobs = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 100)
        try fixture.store.completeDeliveries(
            jobs.enumerated().map { DeliveryResult(seq: $1.seq, outcome: $0 < 3 ? .sent(apnsID: nil) : .failed(reason: "BadTopic")) }, now: 1_000)
        let before = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        let apns = try #require(before.byPlatform[.apns])
        let counters: [Int] = [apns.targeted, apns.sent, apns.failed, apns.invalidated, apns.capped]
        #expect(counters == [5, 3, 2, 0, 0])
        while try fixture.store.pruneFinished(before: 2_000, limit: 2).more {}
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries") == 0)
        let after = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        #expect(after.byPlatform == before.byPlatform)
        #expect(after.counts.sent == 3)
    }

    @Test("the same idempotency key returns the same publish", arguments: StoreKind.tested)
    func idempotency(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let first = try fixture.publish(.interests(["news"]), key: "k1")
        let again = try fixture.store.createPublish(
            NewPublish(
                appID: fixture.appID, target: .users(["x"]), payload: [:], options: PublishOptions(), idempotencyKey: "k1", createdAt: 2))
        #expect(again.id == first)
        #expect(again.created == false)
        #expect(try fixture.publish(.interests(["news"]), key: "k2") != first)
    }

    @Test("fan-out in small steps reaches every device of every interest once", arguments: StoreKind.tested)
    func fanOutInterests(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(25, interests: ["a"])
        try fixture.register(10, from: 20, interests: ["a", "b"])  // 20..<25 re-registered with both
        try fixture.register(5, from: 40, interests: ["c"])
        let id = try fixture.publish(.interests(["a", "b"]))
        var steps = 0
        while let step = try fixture.store.fanOutStep(limit: 7, now: 1_000) {
            #expect(step.created <= 7)
            steps += 1
        }
        #expect(steps >= 5)
        let publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        #expect(publish.counts.targeted == 30)
        #expect(publish.status == .sending)
        let jobs = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 1000)
        #expect(Set(jobs.map(\.token)) == Set((0..<30).map(StoreFixture.token)))
        #expect(jobs.count == 30)
    }

    @Test("a page that ends exactly where a step's budget ends does not skip the rest of that key", arguments: StoreKind.tested)
    func pageBoundaries(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        for user in 0..<3 { try fixture.register(5, from: user * 10, user: "u\(user)") }
        let id = try fixture.publish(.users(["u0", "u1", "u2"]))
        for limit in [4, 3, 2, 1, 6] where try fixture.store.fanOutStep(limit: limit, now: 1_000) != nil {}
        try fixture.fanOutAll(batch: 4)
        #expect(try fixture.store.publish(appID: fixture.appID, id: id)?.counts.targeted == 15)
    }

    @Test("users, devices and tokens targets; invalidated devices are skipped", arguments: StoreKind.tested)
    func otherTargets(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let bob = try fixture.register(3, user: "bob")
        try fixture.register(2, from: 10, user: "carol")
        _ = try fixture.publish(.users(["bob", "nobody"]))
        _ = try fixture.publish(.devices([bob[0], "dev_missing"]))
        _ = try fixture.publish(.tokens([StoreFixture.token(10), "ab" + String(repeating: "0", count: 62)]))
        try fixture.fanOutAll(batch: 2)
        let jobs = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 100)
        #expect(jobs.count == 3 + 1 + 2)
        #expect(jobs.filter { $0.deviceID == nil }.count == 1, "an unregistered token has no device")
    }

    @Test("a scheduled publish waits for its time; a publish can be cancelled until it is done", arguments: StoreKind.tested)
    func scheduling(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(3)
        let later = try fixture.publish(.interests(["news"]), sendAt: 2_000)
        let cancelled = try fixture.publish(.interests(["news"]), sendAt: 2_000)
        #expect(try fixture.store.publish(appID: fixture.appID, id: later)?.status == .scheduled)
        #expect(try fixture.store.fanOutStep(limit: 10, now: 1_000) == nil)
        #expect(try fixture.store.nextDueTime() == 2_000)
        #expect(try fixture.store.cancelPublish(appID: fixture.appID, id: cancelled, now: 1_500).status == .cancelled)
        #expect(try fixture.store.promoteDuePublishes(now: 1_999) == 0)
        #expect(try fixture.store.promoteDuePublishes(now: 2_000) == 1)
        try fixture.fanOutAll(now: 2_000)
        #expect(try fixture.store.publish(appID: fixture.appID, id: later)?.counts.targeted == 3)
        #expect(try fixture.store.publish(appID: fixture.appID, id: cancelled)?.counts.targeted == 0)
        // Sending: the deliveries waiting fail as Cancelled; the one in flight counts as it is answered.
        let inFlight = try #require(try fixture.store.claimDeliveries(appID: fixture.appID, now: 2_000, limit: 1).first)
        let stopped = try fixture.store.cancelPublish(appID: fixture.appID, id: later, now: 2_001)
        #expect(stopped.status == .cancelled && stopped.counts.failed == 2 && stopped.failures == ["Cancelled": 2])
        try fixture.store.completeDeliveries([DeliveryResult(seq: inFlight.seq, outcome: .sent(apnsID: nil))], now: 2_002)
        let answered = try #require(try fixture.store.publish(appID: fixture.appID, id: later))
        #expect(answered.status == .cancelled && answered.counts.sent == 1 && answered.counts.failed == 2)
        #expect {
            try fixture.store.cancelPublish(appID: fixture.appID, id: later, now: 2_003)
        } throws: { ($0 as? StoreError)?.reason == .conflict }
        #expect {
            try fixture.store.cancelPublish(appID: fixture.appID, id: "pub_nope", now: 2_001)
        } throws: { ($0 as? StoreError)?.reason == .notFound }
    }

    @Test("outcomes update the statistics; the publish is done when every delivery is final", arguments: StoreKind.tested)
    func outcomes(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(5, now: 500)
        let id = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        let jobs = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 10).sorted { $0.seq < $1.seq }
        #expect(jobs.allSatisfy { $0.attempts == 1 && !$0.inDoubt })
        #expect(try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 10).isEmpty, "in flight is not claimed twice")
        try fixture.store.completeDeliveries(
            [
                DeliveryResult(seq: jobs[0].seq, outcome: .sent(apnsID: jobs[0].apnsID)),
                DeliveryResult(seq: jobs[1].seq, outcome: .failed(reason: "PayloadTooLarge")),
                DeliveryResult(seq: jobs[2].seq, outcome: .invalidated(DeadToken(.unregistered(at: 900)))),
                DeliveryResult(seq: jobs[3].seq, outcome: .invalidated(DeadToken(.unregistered(at: 400)))),
                DeliveryResult(seq: jobs[4].seq, outcome: .retry(reason: "TooManyRequests", retryAt: 1_010)),
            ], now: 1_001)
        var publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        #expect(publish.counts.sent == 1)
        #expect(publish.counts.invalidated == 1, "registered at 500, before the 410's 900")
        #expect(publish.counts.failed == 2, "registered at 500, after the 410's 400: kept, this delivery failed")
        #expect(publish.failures == ["PayloadTooLarge": 1, "Unregistered": 2])
        #expect(publish.status == .sending)
        #expect(try fixture.store.device(appID: fixture.appID, id: jobs[2].deviceID ?? "")?.invalidReason == "Unregistered")
        #expect(try fixture.store.device(appID: fixture.appID, id: jobs[3].deviceID ?? "")?.invalidatedAt == nil)
        #expect(try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_005, limit: 10).isEmpty, "the retry waits")
        let retry = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_010, limit: 10)
        #expect(retry.map(\.attempts) == [2])
        try fixture.store.completeDeliveries([DeliveryResult(seq: retry[0].seq, outcome: .sent(apnsID: nil))], now: 1_011)
        // A duplicate completion changes nothing.
        try fixture.store.completeDeliveries([DeliveryResult(seq: retry[0].seq, outcome: .failed(reason: "X"))], now: 1_012)
        publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        #expect(publish.counts.sent == 2)
        #expect(publish.status == .done)
        // The invalidated device is no longer targeted.
        let next = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        #expect(try fixture.store.publish(appID: fixture.appID, id: next)?.counts.targeted == 4)
    }

    @Test("deliveries left in flight by a killed process come back in doubt, with the same apns-id", arguments: StoreKind.tested)
    func recovery(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(3)
        _ = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        let first = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 2)
        #expect(try fixture.store.recoverInFlight(now: 1_000, lease: 30) == 2)
        let again = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 10)
        #expect(again.count == 3)
        #expect(again.filter(\.inDoubt).map(\.apnsID).sorted() == first.map(\.apnsID).sorted())
    }

    @Test(
        "events count once per device and kind; unknown publishes and untargeted devices are reported, not counted",
        arguments: StoreKind.tested)
    func events(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let devices = try fixture.register(2)
        let outsider = try fixture.register(1, from: 10, interests: ["other"])[0]
        let id = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        try fixture.deliverAll()
        let (d1, d2) = (devices[0], devices[1])
        let events = [
            DeviceEvent(publishID: id, deviceID: d1, kind: .delivered, at: 1),
            DeviceEvent(publishID: id, deviceID: d1, kind: .delivered, at: 2),
            DeviceEvent(publishID: id, deviceID: d2, kind: .delivered, at: 2),
            DeviceEvent(publishID: id, deviceID: d1, kind: .opened, at: 3),
            DeviceEvent(publishID: id, deviceID: d1, kind: .action, actionID: "like", at: 3),
            DeviceEvent(publishID: id, deviceID: d1, kind: .action, actionID: "share", at: 3),
            DeviceEvent(publishID: "pub_other", deviceID: d1, kind: .opened, at: 3),
            DeviceEvent(publishID: id, deviceID: outsider, kind: .opened, at: 3),
            DeviceEvent(publishID: id, deviceID: "dev_made_up", kind: .delivered, at: 3),
        ]
        let tally = try fixture.store.recordEvents(appID: fixture.appID, events)
        #expect(tally.accepted == 5)
        #expect(tally.duplicates == 1)
        #expect(tally.unknownPublishes == 1)
        #expect(tally.notTargeted == 2)
        #expect(try fixture.store.recordEvents(appID: fixture.appID, events).accepted == 0)
        let counts = try #require(try fixture.store.publish(appID: fixture.appID, id: id)).counts
        #expect(counts.delivered == 2)
        #expect(counts.opened == 1)
    }

    @Test("a receipt counts only once APNs accepted the delivery: in flight it waits, refused it is notSent", arguments: StoreKind.tested)
    func receiptsFollowAPNs(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let devices = try fixture.register(3)
        let id = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        let jobs = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 10)
        func job(_ device: String) throws -> DeliveryJob { try #require(jobs.first { $0.deviceID == device }) }
        // All three devices report before the gateway has heard from APNs.
        let early = try fixture.store.recordEvents(
            appID: fixture.appID, devices.map { DeviceEvent(publishID: id, deviceID: $0, kind: .delivered, at: 1) })
        #expect(early.pending == 3 && early.accepted == 0)
        #expect(try fixture.store.publish(appID: fixture.appID, id: id)?.counts.delivered == 0)
        try fixture.store.completeDeliveries(
            [
                DeliveryResult(seq: try job(devices[0]).seq, outcome: .sent(apnsID: nil)),
                DeliveryResult(seq: try job(devices[1]).seq, outcome: .invalidated(DeadToken(.unregistered()))),
                DeliveryResult(seq: try job(devices[2]).seq, outcome: .failed(reason: "BadTopic")),
            ], now: 1_001)
        let counts = try #require(try fixture.store.publish(appID: fixture.appID, id: id)).counts
        #expect(counts.sent == 1 && counts.delivered == 1)
        // Reported again, or for the first time after the refusal: nothing changes.
        let late = try fixture.store.recordEvents(
            appID: fixture.appID, devices.map { DeviceEvent(publishID: id, deviceID: $0, kind: .opened, at: 2) })
        #expect(late.accepted == 1 && late.notSent == 2)
        let final = try #require(try fixture.store.publish(appID: fixture.appID, id: id)).counts
        #expect(final.delivered == 1 && final.opened == 1)
    }

    @Test("a publish to nobody is done at once", arguments: StoreKind.tested)
    func empty(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try fixture.publish(.interests(["nobody"]))
        try fixture.fanOutAll()
        #expect(try fixture.store.publish(appID: fixture.appID, id: id)?.status == .done)
    }
}
