import Foundation
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// A publish committed by one process wakes the others at once (LISTEN/NOTIFY), not at
/// their next poll.
@Suite("PostgreSQL store: a new publish wakes the other processes")
struct PostgresWakeTests {
    final class Wakes: @unchecked Sendable {
        private let condition = NSCondition()
        private var count = 0

        func add() { condition.withLock { count += 1 }; condition.broadcast() }

        /// Waits until there have been more than `seen` wakes, up to `timeout` seconds; the count.
        func wait(past seen: Int, timeout: Double = 10) -> Int {
            let deadline = Date().addingTimeInterval(timeout)
            condition.lock()
            defer { condition.unlock() }
            while count <= seen && condition.wait(until: deadline) {}
            return count
        }

        var total: Int { condition.withLock { count } }
    }

    static func publish(_ store: any GatewayStore, _ appID: String, key: String? = nil) throws -> (id: String, created: Bool) {
        try store.createPublish(
            NewPublish(
                appID: appID, target: .interests(["news"]), payload: ["aps": ["alert": "x"]], options: PublishOptions(),
                idempotencyKey: key, createdAt: Date().timeIntervalSince1970))
    }

    @Test("another process's publish wakes the watch; a repeat of an idempotency key does not; after a lost session it listens again")
    func watch() throws {
        let fixture = try StoreFixture(.postgres)
        let other = try PostgresStore(url: fixture.location, connections: 2)
        let wakes = Wakes()
        let watch = try #require(try fixture.store.watchPublishes { wakes.add() })
        _ = try Self.publish(other, fixture.appID, key: "k")
        #expect(wakes.wait(past: 0) == 1)
        _ = try Self.publish(other, fixture.appID, key: "k")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(wakes.total == 1, "the same key again is no new publish")

        // The server ends the watch's session: it listens again, and wakes once for what it missed.
        _ = try fixture.rows(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'")
        let afterReconnect = wakes.wait(past: 1)
        #expect(afterReconnect == 2)
        _ = try Self.publish(other, fixture.appID)
        #expect(wakes.wait(past: afterReconnect) == afterReconnect + 1)

        watch.stop()
        _ = try Self.publish(other, fixture.appID)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(wakes.total == afterReconnect + 1, "nothing after stop()")
    }

    @Test("a gateway that polls once a minute delivers a publish another process commits within seconds")
    @MainActor
    func gatewayWakes() async throws {
        let fixture = try StoreFixture(.postgres)
        _ = try fixture.store.setCredentials(
            appID: fixture.appID,
            APNSCredentials(environment: .production, method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: "p")))
        try fixture.register(3)
        var policy = DeliveryPolicy()
        policy.idlePoll = 60
        let deliverer = FakeDeliverer()
        let service = try GatewayService(
            store: fixture.store, listen: ListenAddress(host: "127.0.0.1", port: 0), deliverer: deliverer, policy: policy)
        defer { service.stop() }
        // Let the workers find nothing and go to sleep for their minute.
        try await Task.sleep(nanoseconds: 300_000_000)
        let other = try PostgresStore(url: fixture.location, connections: 2)
        _ = try Self.publish(other, fixture.appID)
        let deadline = Date().addingTimeInterval(10)
        while deliverer.sent.count < 3 && Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(deliverer.sent.count == 3)
    }
}
