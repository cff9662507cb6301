import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Local-time publishes in the store: each delivery waits, durably, for its device's instant.
@Suite("Store: local time")
struct StoreLocalTimeTests {
    let nine: LocalSendTime

    init() throws { nine = try #require(LocalSendTime(time: "09:00", date: "2027-01-16")) }

    func instant(_ zone: String) throws -> Double { nine.instant(in: try #require(TimeZone(identifier: zone))) }

    /// Devices in `zones` (`nil`: none) and a local-time publish to them; their ids and the publish's.
    func setUp(
        _ fixture: StoreFixture, zones: [String?], target: ([String]) -> PublishTarget = { _ in .interests(["news"]) }
    ) throws -> (devices: [String], publish: String) {
        let devices = try fixture.register(zones.count)
        for (device, zone) in zip(devices, zones) {
            try fixture.execute("UPDATE devices SET time_zone = ? WHERE id = ?", [zone.map { .text($0) } ?? .null, .text(device)])
        }
        let publish = try fixture.store.createPublish(
            NewPublish(
                appID: fixture.appID, target: target(devices), payload: ["aps": ["alert": "hi"]],
                options: PublishOptions(sendAt: nine.earliest, localTime: nine), createdAt: 1_000)
        ).id
        return (devices, publish)
    }

    /// The devices whose deliveries are claimed and sent at `now`.
    static func deliver(_ fixture: StoreFixture, _ store: any GatewayStore, at now: Double) throws -> Set<String> {
        let jobs = try store.claimDeliveries(appID: fixture.appID, now: now, limit: 100)
        try store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: now)
        return Set(jobs.compactMap(\.deviceID))
    }

    @Test(
        "the publish waits for the first zone, then each delivery for its own instant; a store reopened half-way delivers the rest",
        arguments: StoreKind.tested)
    func recovery(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let (devices, id) = try setUp(fixture, zones: ["Asia/Tokyo", "Europe/Berlin", "America/New_York", nil])
        let (tokyo, berlin, newYork, utc) = (
            try instant("Asia/Tokyo"), try instant("Europe/Berlin"), try instant("America/New_York"), try instant("UTC")
        )
        #expect(try fixture.store.nextDueTime() == nine.earliest)
        #expect(try fixture.store.promoteDuePublishes(now: nine.earliest - 1) == 0)
        #expect(try fixture.store.promoteDuePublishes(now: nine.earliest) == 1)
        try fixture.fanOutAll(now: nine.earliest)
        #expect(try fixture.store.nextDueTime() == tokyo)
        #expect(try Self.deliver(fixture, fixture.store, at: tokyo - 1).isEmpty)
        #expect(try Self.deliver(fixture, fixture.store, at: berlin) == [devices[0], devices[1]])
        let reopened: any GatewayStore =
            switch kind {
            case .sqlite: try SQLiteStore(directory: URL(fileURLWithPath: fixture.location))
            case .postgres: try PostgresStore(url: fixture.location, connections: 2)
            }
        #expect(try reopened.nextDueTime() == utc)
        #expect(try Self.deliver(fixture, reopened, at: newYork - 1) == [devices[3]])
        #expect(try reopened.publish(appID: fixture.appID, id: id)?.status == .sending)
        #expect(try Self.deliver(fixture, reopened, at: newYork) == [devices[2]])
        let publish = try #require(try reopened.publish(appID: fixture.appID, id: id))
        #expect(publish.status == .done)
        #expect(publish.counts.sent == 4)
        #expect(publish.options.localTime == nine)
        #expect(throws: StoreError.self, "a done publish is not cancelled") {
            try reopened.cancelPublish(appID: fixture.appID, id: id, now: newYork)
        }
    }

    @Test(
        "a devices target and a zone that appears after fan-out began: each delivery at its device's zone as fan-out reaches it",
        arguments: StoreKind.tested)
    func zonesAsFanOutGoes(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let (devices, id) = try setUp(fixture, zones: ["Asia/Tokyo", nil], target: { .devices($0) })
        _ = try fixture.store.promoteDuePublishes(now: nine.earliest)
        #expect(try fixture.store.fanOutStep(limit: 1, now: nine.earliest)?.created == 1)
        try fixture.execute("UPDATE devices SET time_zone = 'Europe/Lisbon' WHERE id = ?", [.text(devices[1])])
        try fixture.fanOutAll(now: nine.earliest)
        let due = try fixture.rows("SELECT due_at FROM deliveries WHERE publish_id = ? ORDER BY device_seq", [.text(id)]).map {
            Double($0 ?? "")
        }
        #expect(due == [try instant("Asia/Tokyo"), try instant("Europe/Lisbon")])
    }

    @Test(
        "cancelled while a delivery is in flight: the waiting ones fail as Cancelled, the one in flight counts when it completes, the publish stays cancelled",
        arguments: StoreKind.tested)
    func cancelInFlight(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let (devices, id) = try setUp(fixture, zones: ["Asia/Tokyo", "Europe/Berlin", nil])
        _ = try fixture.store.promoteDuePublishes(now: nine.earliest)
        try fixture.fanOutAll(now: nine.earliest)
        let tokyo = try instant("Asia/Tokyo")
        let claimed = try fixture.store.claimDeliveries(appID: fixture.appID, now: tokyo, limit: 10)
        #expect(claimed.map(\.deviceID) == [devices[0]])
        let cancelled = try fixture.store.cancelPublish(appID: fixture.appID, id: id, now: tokyo)
        #expect(cancelled.status == .cancelled)
        #expect(cancelled.counts.failed == 2)
        #expect(cancelled.failures == ["Cancelled": 2])
        try fixture.store.completeDeliveries(claimed.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: tokyo)
        #expect(try fixture.store.claimDeliveries(appID: fixture.appID, now: try instant("UTC") + 1, limit: 10).isEmpty)
        let publish = try #require(try fixture.store.publish(appID: fixture.appID, id: id))
        #expect(publish.status == .cancelled)
        #expect(publish.counts.sent == 1)
        #expect(publish.counts.targeted == publish.counts.sent + publish.counts.failed)
        #expect(try fixture.store.nextDueTime() == nil, "nothing left to wake for")
    }
}
