import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// What one device, or one app, can store through receipts: each delivery a bounded set of
/// action ids, each app at most its events quota, kept as a count through retention.
@Suite("Store event bounds")
struct StoreEventBoundsTests {
    /// A fixture with `devices` devices to which one publish was sent at 1,000: the publish's id.
    static func sent(_ fixture: StoreFixture, devices: Int = 1) throws -> (publish: String, devices: [String]) {
        let ids = try fixture.register(devices)
        let publish = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        try fixture.deliverAll()
        return (publish, ids)
    }

    static func rows(_ fixture: StoreFixture) throws -> Int { try fixture.scalar("SELECT count(*) FROM events") ?? -1 }

    @Test("the 11th different action of one delivery is refused and nothing of its request is stored; a repeat stays a duplicate",
          arguments: StoreKind.tested)
    func actionsPerDelivery(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let (publish, devices) = try Self.sent(fixture, devices: 2)
        func action(_ id: String, device: Int = 0) -> DeviceEvent {
            DeviceEvent(publishID: publish, deviceID: devices[device], kind: .action, actionID: id, at: 1_001)
        }
        let ten = (1...10).map { action("a\($0)") }
        #expect(try fixture.store.recordEvents(appID: fixture.appID, ten).accepted == 10)
        let delivered = DeviceEvent(publishID: publish, deviceID: devices[0], kind: .delivered, at: 1_001)
        let error = try #require(throws: StoreError.self) {
            try fixture.store.recordEvents(appID: fixture.appID, [delivered, action("a11")])
        }
        #expect(error.reason == .limitExceeded && error.message.contains("10 different actionIds"), "\(error)")
        #expect(try Self.rows(fixture) == 10, "neither the action nor the receipt before it was stored")
        #expect(try fixture.store.publish(appID: fixture.appID, id: publish)?.counts.delivered == 0)
        let again = try fixture.store.recordEvents(appID: fixture.appID, [action("a3"), delivered, action("a1", device: 1)])
        #expect(again.duplicates == 1 && again.accepted == 2, "a known action is a duplicate; another device has its own ten")
        #expect(try fixture.store.eventCount(appID: fixture.appID) == 12)
    }

    @Test("past the app's events quota a request is refused whole; duplicates and other apps' receipts do not count",
          arguments: StoreKind.tested)
    func eventsPerApp(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let (publish, devices) = try Self.sent(fixture, devices: 2)
        let quota = DeviceQuota(eventsPerApp: 3)
        func event(_ kind: DeviceEvent.Kind, _ device: Int) -> DeviceEvent {
            DeviceEvent(publishID: publish, deviceID: devices[device], kind: kind, at: 1_001)
        }
        #expect(try fixture.store.recordEvents(appID: fixture.appID, [event(.delivered, 0), event(.opened, 0)], quota: quota).accepted == 2)
        let error = try #require(throws: StoreError.self) {
            try fixture.store.recordEvents(appID: fixture.appID, [event(.delivered, 1), event(.opened, 1)], quota: quota)
        }
        #expect(error.reason == .quotaExceeded && error.message.contains("--max-events-per-app"), "\(error)")
        #expect(error.message.contains("stores 2 receipts and these 2 would make 4"), "\(error)")
        #expect(try Self.rows(fixture) == 2 && fixture.store.eventCount(appID: fixture.appID) == 2)
        #expect(try fixture.store.publish(appID: fixture.appID, id: publish)?.counts.delivered == 1)
        let repeated = try fixture.store.recordEvents(appID: fixture.appID, [event(.delivered, 0), event(.delivered, 1)], quota: quota)
        #expect(repeated.duplicates == 1 && repeated.accepted == 1, "the third fits")
        #expect(try fixture.store.eventCount(appID: fixture.appID) == 3)
        #expect(try fixture.store.eventCount(appID: "app_none") == 0)
    }

    @Test("the app's count of receipts follows the rows as they are added and as retention deletes them", arguments: StoreKind.tested)
    func countThroughRetention(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let (publish, devices) = try Self.sent(fixture, devices: 3)
        let events = devices.flatMap { device in
            [DeviceEvent.Kind.delivered, .opened].map { DeviceEvent(publishID: publish, deviceID: device, kind: $0, at: 1_001) }
        }
        _ = try fixture.store.recordEvents(appID: fixture.appID, events)
        #expect(try fixture.store.eventCount(appID: fixture.appID) == 6 && Self.rows(fixture) == 6)
        #expect(try fixture.store.publish(appID: fixture.appID, id: publish)?.status == .done)
        while try fixture.store.pruneFinished(before: 2_000, limit: 2).more {}
        #expect(try Self.rows(fixture) == 0)
        #expect(try fixture.store.eventCount(appID: fixture.appID) == 0)
        #expect(try fixture.store.publish(appID: fixture.appID, id: publish)?.counts.opened == 3, "the statistics stay")
    }

    @Test("a receipt timed before its delivery was sent counts when it was sent, held or not", arguments: StoreKind.tested)
    func receiptsAfterSending(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let devices = try fixture.register(2)
        let publish = try fixture.publish(.interests(["news"]), now: 1_000)
        try fixture.fanOutAll()
        let jobs = try fixture.store.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 10)
        func receipt(_ device: Int, at: Double) -> DeviceEvent {
            DeviceEvent(publishID: publish, deviceID: devices[device], kind: .delivered, at: at)
        }
        // Device 0 reports at 1,001 while its delivery is in flight; APNs' 200 comes at 1,005.
        #expect(try fixture.store.recordEvents(appID: fixture.appID, [receipt(0, at: 1_001)]).pending == 1)
        try fixture.store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: 1_005)
        // Device 1's clock is behind: it reports 1,002 after the gateway marked it sent at 1,005.
        #expect(try fixture.store.recordEvents(appID: fixture.appID, [receipt(1, at: 1_002)]).accepted == 1)
        let timeline = try #require(
            try fixture.store.publishTimeline(appID: fixture.appID, publishID: publish, now: 1_010, maxBuckets: 60))
        #expect(timeline.counts[.sent] == [0, 0, 0, 0, 0, 2])
        #expect(timeline.counts[.delivered] == [0, 0, 0, 0, 0, 2], "neither before it was sent")
        #expect(try fixture.scalar("SELECT count(*) FROM events WHERE at = 1005") == 2, "the receipts keep the time they counted at")
    }
}
