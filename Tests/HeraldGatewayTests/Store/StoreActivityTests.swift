import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store: Live Activity tokens")
struct StoreActivityTests {
    static let tokenA = StoreFixture.token(101), tokenB = StoreFixture.token(102)

    @Test("a push-to-start token per activity type; a new one replaces the old", arguments: StoreKind.tested)
    func pushToStart(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try fixture.register(1)[0]
        let store = fixture.store
        #expect(try store.setPushToStartToken(appID: fixture.appID, deviceID: id, activityType: "Match", token: Self.tokenA, now: 10))
        #expect(try store.setPushToStartToken(appID: fixture.appID, deviceID: id, activityType: "Deploy", token: Self.tokenA, now: 11))
        #expect(try store.setPushToStartToken(appID: fixture.appID, deviceID: id, activityType: "Match", token: Self.tokenB, now: 12))
        #expect(
            try store.setPushToStartToken(appID: fixture.appID, deviceID: "dev_nope", activityType: "Match", token: Self.tokenA, now: 12)
                == false)
        #expect(
            try store.setPushToStartToken(appID: "app_other", deviceID: id, activityType: "Match", token: Self.tokenA, now: 12) == false)
        let found = try #require(try store.activities(appID: fixture.appID, deviceID: id))
        #expect(
            found.pushToStart == [
                PushToStartToken(activityType: "Deploy", token: Self.tokenA, updatedAt: 11),
                PushToStartToken(activityType: "Match", token: Self.tokenB, updatedAt: 12),
            ])
        #expect(found.activities.isEmpty)
        #expect(try store.activities(appID: fixture.appID, deviceID: "dev_nope") == nil)
    }

    @Test("an activity's token rotates, it ends once, and then takes no token", arguments: StoreKind.tested)
    func activityLifecycle(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try fixture.register(1)[0]
        let store = fixture.store
        let first = try #require(
            try store.setActivityToken(
                appID: fixture.appID, deviceID: id, activityID: "act-1", activityType: "Deploy", token: Self.tokenA, now: 10))
        #expect(first.created)
        #expect(first.activity == ActivityRecord(id: "act-1", activityType: "Deploy", token: Self.tokenA, createdAt: 10, updatedAt: 10))
        let rotated = try #require(
            try store.setActivityToken(
                appID: fixture.appID, deviceID: id, activityID: "act-1", activityType: "Deploy", token: Self.tokenB, now: 20))
        #expect(rotated.created == false)
        #expect(rotated.activity == ActivityRecord(id: "act-1", activityType: "Deploy", token: Self.tokenB, createdAt: 10, updatedAt: 20))
        #expect {
            try store.setActivityToken(
                appID: fixture.appID, deviceID: id, activityID: "act-1", activityType: "Match", token: Self.tokenB, now: 21)
        } throws: { error in
            (error as? StoreError)?.reason == .conflict && "\(error)".contains("is a Deploy, not a Match")
        }
        #expect(
            try store.setActivityToken(
                appID: fixture.appID, deviceID: "dev_nope", activityID: "act-1", activityType: "Deploy", token: Self.tokenA, now: 21) == nil
        )

        let ended = try #require(try store.endActivity(appID: fixture.appID, deviceID: id, activityID: "act-1", now: 30))
        #expect(ended.endedAt == 30)
        #expect(
            try store.endActivity(appID: fixture.appID, deviceID: id, activityID: "act-1", now: 40)?.endedAt == 30, "the first end is kept")
        #expect(try store.endActivity(appID: fixture.appID, deviceID: id, activityID: "act-9", now: 40) == nil)
        #expect(try store.endActivity(appID: fixture.appID, deviceID: "dev_nope", activityID: "act-1", now: 40) == nil)
        #expect {
            try store.setActivityToken(
                appID: fixture.appID, deviceID: id, activityID: "act-1", activityType: "Deploy", token: Self.tokenA, now: 50)
        } throws: { error in
            (error as? StoreError)?.reason == .conflict && "\(error)".contains("has ended")
        }
        let listed = try #require(try store.activities(appID: fixture.appID, deviceID: id))
        #expect(
            listed.activities == [
                ActivityRecord(id: "act-1", activityType: "Deploy", token: Self.tokenB, createdAt: 10, updatedAt: 20, endedAt: 30)
            ])
    }

    @Test(
        "an activity id belongs to the device that registered it: another is refused, running or ended, until the owner is deleted",
        arguments: StoreKind.tested)
    func perDevice(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let ids = try fixture.register(2)
        let store = fixture.store
        func report(_ n: Int, now: Double) throws -> ActivityTokenChange? {
            try store.setActivityToken(
                appID: fixture.appID, deviceID: ids[n], activityID: "shared", activityType: "Deploy", token: StoreFixture.token(200 + n),
                now: now)
        }
        #expect(try report(0, now: 10)?.created == true)
        for id in ids {
            #expect(try store.setPushToStartToken(appID: fixture.appID, deviceID: id, activityType: "Deploy", token: Self.tokenA, now: 10))
        }
        for ended in [false, true] {
            if ended { _ = try store.endActivity(appID: fixture.appID, deviceID: ids[0], activityID: "shared", now: 20) }
            #expect {
                try report(1, now: 30)
            } throws: { error in
                (error as? StoreError)?.reason == .conflict && "\(error)".contains("belongs to another device")
            }
            #expect(try store.activities(appID: fixture.appID, deviceID: ids[1])?.activities == [], "ended: \(ended)")
        }
        let owner = try store.activities(appID: fixture.appID, deviceID: ids[0])?.activities
        #expect(owner == [ActivityRecord(id: "shared", activityType: "Deploy", token: StoreFixture.token(200), createdAt: 10, updatedAt: 10, endedAt: 20)])
        #expect(try store.deleteDevice(appID: fixture.appID, deviceID: ids[0], now: 1_000))
        #expect(try fixture.scalar("SELECT count(*) FROM activities") == 0)
        #expect(try fixture.scalar("SELECT count(*) FROM push_to_start_tokens") == 1)
        #expect(try report(1, now: 40)?.created == true, "with its owner gone the id is free")
    }

    @Test("a device holds at most 50 push-to-start types and 50 running activities; ending one frees a place", arguments: StoreKind.tested)
    func limits(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try fixture.register(1)[0]
        let store = fixture.store
        for n in 0..<ActivityLimits.pushToStartTypes {
            #expect(try store.setPushToStartToken(appID: fixture.appID, deviceID: id, activityType: "Type\(n)", token: Self.tokenA, now: 1))
        }
        #expect(throws: StoreError.self) {
            try store.setPushToStartToken(appID: fixture.appID, deviceID: id, activityType: "OneMore", token: Self.tokenA, now: 2)
        }
        #expect(
            try store.setPushToStartToken(appID: fixture.appID, deviceID: id, activityType: "Type0", token: Self.tokenB, now: 2),
            "a known type rotates")
        for n in 0..<ActivityLimits.runningActivities {
            _ = try store.setActivityToken(
                appID: fixture.appID, deviceID: id, activityID: "a\(n)", activityType: "Deploy", token: Self.tokenA, now: 1)
        }
        #expect {
            try store.setActivityToken(
                appID: fixture.appID, deviceID: id, activityID: "extra", activityType: "Deploy", token: Self.tokenA, now: 2)
        } throws: { error in
            (error as? StoreError)?.reason == .limitExceeded && "\(error)".contains("at most 50 running activities")
        }
        _ = try store.endActivity(appID: fixture.appID, deviceID: id, activityID: "a0", now: 3)
        #expect(
            try store.setActivityToken(
                appID: fixture.appID, deviceID: id, activityID: "extra", activityType: "Deploy", token: Self.tokenA, now: 4)?.created
                == true)
    }

    @Test("a device keeps the 50 activities that ended last; starting and ending more does not grow it", arguments: StoreKind.tested)
    func endedKept(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try fixture.register(1)[0]
        let store = fixture.store
        for n in 0..<60 {
            _ = try store.setActivityToken(
                appID: fixture.appID, deviceID: id, activityID: "act-\(n)", activityType: "Deploy", token: Self.tokenA, now: Double(n))
            #expect(try store.endActivity(appID: fixture.appID, deviceID: id, activityID: "act-\(n)", now: Double(100 + n))?.endedAt == Double(100 + n))
        }
        let kept = try #require(try store.activities(appID: fixture.appID, deviceID: id)).activities
        #expect(kept.count == ActivityLimits.endedActivitiesKept)
        #expect(Set(kept.map(\.id)) == Set((10..<60).map { "act-\($0)" }), "the latest to end are kept")
    }
}
