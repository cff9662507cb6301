import Foundation
import HeraldCore
import HeraldServerTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL: a cancel never waits for the publish's row")
struct PostgresCancelTests {
    @Test("a cancel while a fan-out step holds the publish is answered at once, recorded, and applied by the next step")
    func cancelWhileHeld() throws {
        let fixture = try PostgresFixture()
        let store = try PostgresStore(url: fixture.url, timeout: 5)
        try store.createApp(AppRecord(id: "a", name: "A", bundleID: "b", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1))
        for n in 0..<3 {
            _ = try store.registerDevice(
                appID: "a", DeviceRegistration(token: StoreFixture.token(n), environment: .production, interests: ["news"]),
                quota: .unlimited, now: 1_000)
        }
        let id = try store.createPublish(
            NewPublish(appID: "a", target: .interests(["news"]), payload: ["aps": ["alert": "hi"]], options: PublishOptions(), createdAt: 1_000)
        ).id
        // A fan-out step of another process holds the publish's row (as a stuck one did).
        let holder = try fixture.connect()
        try holder.executeScript("BEGIN")
        _ = try holder.query("SELECT id FROM publishes WHERE id = $1 FOR UPDATE", [.text(id)])
        let started = Date()
        let record = try store.cancelPublish(appID: "a", id: id, now: 1_001)
        #expect(Date().timeIntervalSince(started) < 1, "answered without waiting for the row")
        #expect(record.cancelling)
        #expect(record.status == .queued)
        #expect(try store.fanOutStep(limit: 100, now: 1_002) == nil, "the held publish is not this process's to fan out")
        try holder.executeScript("ROLLBACK")
        let applied = try #require(try store.fanOutStep(limit: 100, now: 1_003))
        #expect(applied.publishID == id && applied.created == 0)
        #expect(try store.publish(appID: "a", id: id)?.status == .cancelled)
        #expect(try store.fanOutStep(limit: 100, now: 1_004) == nil)
        #expect(try fixture.connect().query("SELECT count(*) FROM deliveries")[0].int(0) == 0)
        #expect(try fixture.connect().query("SELECT count(*) FROM publish_cancels")[0].int(0) == 0, "the request is gone once applied")
    }

    @Test("a publish sending while a fan-out step holds it is cancelled by the next step; a done one is not (409)")
    func sendingHeld() throws {
        let fixture = try PostgresFixture()
        let store = try PostgresStore(url: fixture.url, timeout: 5)
        try store.createApp(AppRecord(id: "a", name: "A", bundleID: "b", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1))
        for n in 0..<3 {
            _ = try store.registerDevice(
                appID: "a", DeviceRegistration(token: StoreFixture.token(n), environment: .production, interests: ["news"]),
                quota: .unlimited, now: 1_000)
        }
        let id = try store.createPublish(
            NewPublish(appID: "a", target: .interests(["news"]), payload: ["aps": ["alert": "hi"]], options: PublishOptions(), createdAt: 1_000)
        ).id
        _ = try store.fanOutStep(limit: 2, now: 1_001)
        let holder = try fixture.connect()
        try holder.executeScript("BEGIN")
        _ = try holder.query("SELECT id FROM publishes WHERE id = $1 FOR UPDATE", [.text(id)])
        let held = try store.cancelPublish(appID: "a", id: id, now: 1_002)
        #expect(held.cancelling && held.status == .sending)
        try holder.executeScript("ROLLBACK")
        _ = try store.fanOutStep(limit: 2, now: 1_003)
        let cancelled = try #require(try store.publish(appID: "a", id: id))
        #expect(cancelled.status == .cancelled && cancelled.counts.targeted == 2 && cancelled.counts.failed == 2)
        let error = try #require(throws: StoreError.self) { try store.cancelPublish(appID: "a", id: id, now: 1_004) }
        #expect(error.reason == .conflict)
    }
}
