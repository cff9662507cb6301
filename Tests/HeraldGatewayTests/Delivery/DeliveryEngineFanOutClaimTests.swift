import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldGateway

/// The engine's fan-out claims what it makes (`FanOutClaim`): a publish is written into
/// deliveries as fast as the batches in flight leave room, each delivery in flight from
/// its first write.
@Suite("Delivery engine: fan-out in flight")
@MainActor
struct DeliveryEngineFanOutClaimTests {
    @Test(
        "one step makes only what the free batches hold, in flight, none waiting; the publish is sent once, one attempt each",
        arguments: StoreKind.tested)
    func pacedByRoom(kind: StoreKind) async throws {
        var policy = DeliveryPolicy()
        policy.batchSize = 100
        policy.maxBatchesInFlight = 2
        policy.fanOutBatch = 1000
        let h = try EngineHarness(kind, policy: policy)
        let tokens = try await h.register(0..<450)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        await h.engine.step()
        #expect(try h.api.fixture.scalar("SELECT count(*) FROM deliveries") == 200, "two batches of room")
        #expect(try h.api.fixture.scalar("SELECT count(*) FROM deliveries WHERE state = 0") == 0, "none written to wait")
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 450)
        #expect(Set(h.deliverer.sent.map(\.deviceToken)) == Set(tokens))
        #expect(try h.api.fixture.scalar("SELECT max(attempts) FROM deliveries") == 1)
        #expect(h.status(id)?["status"] == "done")
        #expect(h.status(id)?["sent"] == 450)
    }

    @Test("while an app is paused its publish fans out waiting, as without a claim, and is sent when the pause ends",
        arguments: StoreKind.tested)
    func pausedFansOutWaiting(kind: StoreKind) async throws {
        var policy = DeliveryPolicy()
        policy.batchSize = 10
        policy.maxBatchesInFlight = 1
        let h = try EngineHarness(kind, policy: policy)
        try await h.register(0..<30)
        // The first batch's first device is refused for the credentials: the app pauses for 1 s.
        h.deliverer.program(StoreFixture.token(0), [.refused(403, "InvalidProviderToken")])
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 10, "the first batch only")
        #expect(try h.api.fixture.scalar("SELECT count(*) FROM deliveries WHERE state = 0") == 21, "the rest and the retry wait")
        await h.advance(by: 1)
        #expect(h.status(id)?["sent"] == 30)
        #expect(h.deliverer.sent.count == 31)
    }

    @Test("a fan-out another process holds is looked at again after a short wait on the clock, not at once", arguments: StoreKind.tested)
    func busyFanOut(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<3)
        let flaky = FlakyStore(h.store)
        flaky.fanOutTaken = true
        let policy = DeliveryPolicy()
        let engine = DeliveryEngine(
            store: flaky, deliverer: h.deliverer, clock: h.clock, wallTime: { [wall = h.api.clock] in wall.now }, policy: policy)
        _ = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        engine.start()
        defer { engine.stop() }
        let (clock, deliverer) = (h.clock, h.deliverer)
        #expect(await eventually { clock.pendingCount == 1 }, "one sleep")
        let wait = try #require(clock.nextDeadline) - clock.now
        #expect(abs(wait - policy.busyFanOutWait) < 1e-5, "waits \(wait) s")
        flaky.fanOutTaken = false
        #expect(
            await eventually {
                if clock.pendingCount > 0 { clock.advance(by: policy.busyFanOutWait) }
                return deliverer.sent.count == 3
            })
    }
}
