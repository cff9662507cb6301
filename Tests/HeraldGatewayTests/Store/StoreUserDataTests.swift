import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store: a user's data")
struct StoreUserDataTests {
    /// Devices 0 and 1 are maya's, 2 is sam's, 3 has no user; a publish to `news` (all four)
    /// sent, a receipt from 0, 2 and 3, push-to-start tokens on 1 and 2, an activity on 0.
    static func populated(_ kind: StoreKind) throws -> (StoreFixture, maya: [String], sam: String, unbound: String, publish: String) {
        let fixture = try StoreFixture(kind)
        let maya = try fixture.register(2, user: "maya")
        let sam = try fixture.register(1, from: 2, user: "sam")[0]
        for (device, plan) in [(maya[0], "gold"), (sam, "free")] {
            #expect(try fixture.store.setAttributes(appID: fixture.appID, deviceID: device, DeviceAttributes(tags: ["plan": .string(plan)]), now: 1_000))
        }
        let unbound = try fixture.register(1, from: 3)[0]
        let publish = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        try fixture.deliverAll()
        let store = fixture.store
        _ = try store.recordEvents(
            appID: fixture.appID,
            [maya[0], sam, unbound].map { DeviceEvent(publishID: publish, deviceID: $0, kind: .delivered, at: 1_010) }
                + [DeviceEvent(publishID: publish, deviceID: maya[0], kind: .action, actionID: "reply", at: 1_020)])
        #expect(
            try store.setPushToStartToken(
                appID: fixture.appID, deviceID: maya[1], activityType: "Match", token: StoreFixture.token(90), now: 1_030))
        #expect(
            try store.setPushToStartToken(
                appID: fixture.appID, deviceID: sam, activityType: "Match", token: StoreFixture.token(91), now: 1_030))
        _ = try store.setActivityToken(
            appID: fixture.appID, deviceID: maya[0], activityID: "act-1", activityType: "Match", token: StoreFixture.token(92), now: 1_040)
        return (fixture, maya, sam, unbound, publish)
    }

    @Test("the export lists the user's devices and their rows only", arguments: StoreKind.tested)
    func export(kind: StoreKind) throws {
        let (fixture, maya, _, _, publish) = try Self.populated(kind)
        let data = try fixture.store.userData(appID: fixture.appID, userID: "maya")
        #expect(data.devices.map(\.id) == maya)
        #expect(data.devices.allSatisfy { $0.userID == "maya" && $0.interests == ["news"] })
        #expect(data.deliveries.map(\.deviceID) == maya)
        #expect(data.deliveries.allSatisfy { $0.publishID == publish && $0.state == "sent" })
        #expect(
            data.receipts == [
                UserReceipt(publishID: publish, deviceID: maya[0], kind: "delivered", actionID: nil, at: 1_010),
                UserReceipt(publishID: publish, deviceID: maya[0], kind: "action", actionID: "reply", at: 1_020),
            ])
        #expect(data.liveActivities.map(\.deviceID) == maya)
        #expect(data.liveActivities[0].activities.activities.map(\.id) == ["act-1"])
        #expect(data.liveActivities[1].activities.pushToStart.map(\.token) == [StoreFixture.token(90)])
        #expect(try fixture.store.userData(appID: "app_other", userID: "maya").devices.isEmpty, "the user of another app")
        #expect(
            try fixture.store.userData(appID: fixture.appID, userID: "nobody")
                == UserData(devices: [], deliveries: [], receipts: [], liveActivities: []))
    }

    @Test("deleting a user removes the export's rows, answers the counts, and keeps everyone else's", arguments: StoreKind.tested)
    func delete(kind: StoreKind) throws {
        let (fixture, maya, sam, unbound, publish) = try Self.populated(kind)
        let store = fixture.store
        let before = try #require(try store.publish(appID: fixture.appID, id: publish))
        let samBefore = try store.userData(appID: fixture.appID, userID: "sam")
        let deleted = try store.deleteUser(appID: fixture.appID, userID: "maya", now: 2_000)
        #expect(
            deleted.counts == [.devices: 2, .interests: 2, .tags: 1, .deliveries: 2, .receipts: 2, .pushToStartTokens: 1, .liveActivities: 1, .inboxMessages: 0, .inbox: 0])
        #expect(try fixture.scalar("SELECT count(*) FROM device_tags") == 1, "sam's tag stays")
        #expect(
            try store.userData(appID: fixture.appID, userID: "maya")
                == UserData(devices: [], deliveries: [], receipts: [], liveActivities: []))
        #expect(try store.deleteUser(appID: fixture.appID, userID: "maya", now: 2_001).counts.values.allSatisfy { $0 == 0 })
        #expect(try maya.allSatisfy { try store.device(appID: fixture.appID, id: $0) == nil })
        #expect(try store.userData(appID: fixture.appID, userID: "sam") == samBefore)
        #expect(try store.device(appID: fixture.appID, id: unbound) != nil)
        #expect(try fixture.scalar("SELECT count(*) FROM events WHERE device_id = ?", [.text(unbound)]) == 1)
        #expect(try store.activities(appID: fixture.appID, deviceID: sam)?.pushToStart.count == 1)
        #expect(try store.usage(appID: fixture.appID) == (devices: 2, subscriptions: 2))
        #expect(try store.eventCount(appID: fixture.appID) == 2)
        let after = try #require(try store.publish(appID: fixture.appID, id: publish))
        #expect(after.counts == before.counts, "a publish's counts are aggregates and stay")

        let again = try fixture.publish(.users(["maya"]), now: 3_000)
        try fixture.fanOutAll(now: 3_000)
        let record = try #require(try store.publish(appID: fixture.appID, id: again))
        #expect(record.counts.targeted == 0)
    }

    @Test(
        "a deleted user's deliveries: those in flight count as the push service answers, those waiting as failed UserDeleted; both publishes finish",
        arguments: StoreKind.tested)
    func inFlight(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        try fixture.register(2, user: "maya")
        try fixture.register(1, from: 2, user: "sam")
        let claimed = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        let jobs = try store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 100)
        #expect(jobs.count == 3)
        let waiting = try fixture.publish(.interests(["news"]), now: 1_001)
        try fixture.fanOutAll(now: 1_001)

        let deleted = try store.deleteUser(appID: fixture.appID, userID: "maya", now: 1_002)
        #expect(deleted[.deliveries] == 4)
        try store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: 1_003)
        try fixture.deliverAll(now: 1_004)
        for (id, inFlight) in [(claimed, true), (waiting, false)] {
            let record = try #require(try store.publish(appID: fixture.appID, id: id))
            #expect(record.status == .done)
            #expect(record.counts.targeted == 3)
            #expect(record.counts.sent == (inFlight ? 3 : 1))
            #expect(record.counts.failed == (inFlight ? 0 : 2))
            #expect(record.failures == (inFlight ? [:] : ["UserDeleted": 2]))
        }
        #expect(try fixture.scalar("SELECT count(*) FROM deliveries WHERE token = ?", [.text(StoreFixture.token(0))]) == 0, "no token of hers is kept")
    }
}
