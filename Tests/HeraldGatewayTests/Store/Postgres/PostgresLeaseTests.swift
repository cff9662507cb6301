import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Leases: two stores with their own instances on one database stand for two gateway
/// processes; what one holds in flight is taken over by the other once it has not been
/// seen for a lease, and only then.
@Suite("PostgreSQL store: leases and takeover")
struct PostgresLeaseTests {
    static let lease = 30.0

    /// A database with 10 devices and one publish fanned out, and two processes on it.
    static func setUp() throws -> (fixture: StoreFixture, a: any GatewayStore, b: PostgresStore, publish: String) {
        let fixture = try StoreFixture(.postgres)
        try fixture.register(10)
        let publish = try fixture.publish(.interests(["news"]))
        try fixture.fanOutAll()
        let b = try PostgresStore(url: fixture.location, connections: 2, instance: GatewayInstance(id: "gateway-b", host: "b", pid: 2))
        #expect(try fixture.store.recoverInFlight(now: 1_000, lease: lease) == 0)
        #expect(try b.recoverInFlight(now: 1_000, lease: lease) == 0)
        return (fixture, fixture.store, b, publish)
    }

    @Test("a silent process's deliveries are taken over after its lease, in doubt; its late answers count for nothing")
    func takeover() throws {
        let (fixture, a, b, publish) = try Self.setUp()
        let held = try a.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 4)
        #expect(held.count == 4)
        // Within the lease: nothing moves, and the other process sees two live ones.
        #expect(try b.heartbeat(now: 1_029, lease: Self.lease, takeOver: true) == LeaseReport(released: 0, liveInstances: 2))
        #expect(try b.claimDeliveries(appID: fixture.appID, now: 1_029, limit: 100).count == 6)
        // Past it: a's four come back pending, in doubt, with their apns-ids.
        #expect(try b.heartbeat(now: 1_031, lease: Self.lease, takeOver: true) == LeaseReport(released: 4, liveInstances: 1))
        let taken = try b.claimDeliveries(appID: fixture.appID, now: 1_031, limit: 100)
        #expect(taken.map(\.apnsID).sorted() == held.map(\.apnsID).sorted())
        #expect(taken.filter(\.inDoubt).count == 4)
        // a was only slow: its answers arrive now and are ignored; b's count, once.
        try a.completeDeliveries(held.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: 1_032)
        #expect(try a.publish(appID: fixture.appID, id: publish)?.counts.sent == 0)
        let all = try fixture.rows("SELECT seq FROM deliveries WHERE state = 1").compactMap { $0.flatMap(Int.init) }
        try b.completeDeliveries(all.map { DeliveryResult(seq: $0, outcome: .sent(apnsID: nil)) }, now: 1_033)
        let record = try a.publish(appID: fixture.appID, id: publish)
        #expect(record?.counts.sent == 10)
        #expect(record?.status == .done)
    }

    @Test("a process that keeps beating keeps its deliveries, and one that was taken over comes back with its next claim")
    func liveProcessKeepsItsWork() throws {
        let (fixture, a, b, _) = try Self.setUp()
        #expect(try a.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 3).count == 3)
        _ = try a.heartbeat(now: 1_020, lease: Self.lease, takeOver: false)
        #expect(try b.heartbeat(now: 1_045, lease: Self.lease, takeOver: true).released == 0)
        #expect(try b.heartbeat(now: 1_051, lease: Self.lease, takeOver: true).released == 3)
        #expect(try fixture.scalar("SELECT count(*) FROM gateway_instances WHERE id = ?", [.text(a.instance.id)]) == 0)
        #expect(try a.claimDeliveries(appID: fixture.appID, now: 1_052, limit: 1).count == 1)
        #expect(try fixture.scalar("SELECT count(*) FROM gateway_instances WHERE id = ?", [.text(a.instance.id)]) == 1)
    }

    @Test("a gateway that stops gracefully frees what it still holds at once")
    func leave() throws {
        let (fixture, a, b, _) = try Self.setUp()
        #expect(try a.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 5).count == 5)
        try a.leave()
        let taken = try b.claimDeliveries(appID: fixture.appID, now: 1_001, limit: 100)
        #expect(taken.count == 10)
        #expect(taken.filter(\.inDoubt).count == 5)
        #expect(try b.heartbeat(now: 1_001, lease: Self.lease, takeOver: true) == LeaseReport(released: 0, liveInstances: 1))
    }

    @Test("an instance id a live process on another host uses is refused at start, and accepted once that one is gone")
    func duplicateInstanceID() throws {
        let (fixture, a, _, _) = try Self.setUp()
        #expect(try a.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 2).count == 2)
        let twin = try PostgresStore(
            url: fixture.location, connections: 1, instance: GatewayInstance(id: a.instance.id, host: "elsewhere", pid: 7))
        let error = #expect(throws: StoreError.self) { try twin.recoverInFlight(now: 1_010, lease: Self.lease) }
        #expect(error?.reason == .conflict)
        #expect(error?.message.contains("--instance-id") == true)
        // After a lease it is taken as a restart of that process: its deliveries come back.
        #expect(try twin.recoverInFlight(now: 1_031, lease: Self.lease) == 2)
    }

    @Test("a restart on the same host with the same instance id takes its own deliveries back at once")
    func restartWithSameID() throws {
        let (fixture, a, _, _) = try Self.setUp()
        #expect(try a.claimDeliveries(appID: fixture.appID, now: 1_000, limit: 2).count == 2)
        let restarted = try PostgresStore(url: fixture.location, connections: 1, instance: a.instance)
        #expect(try restarted.recoverInFlight(now: 1_002, lease: Self.lease) == 2)
    }
}
