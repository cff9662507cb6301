import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

@Suite("Delivery engine: a failing store and a killed process")
@MainActor
struct DeliveryEngineRecoveryTests {
    @Test("outcomes the store cannot record are kept and recorded at the next step, never sent twice", arguments: StoreKind.tested)
    func unrecordedOutcomes(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<10)
        let flaky = FlakyStore(h.store)
        let engine = DeliveryEngine(store: flaky, deliverer: h.deliverer, clock: h.clock, wallTime: { [wall = h.api.clock] in wall.now })
        flaky.failNext(2)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "x"]])
        await engine.runUntilIdle()
        #expect(h.status(id)?["status"] == "done")
        #expect(h.status(id)?["sent"] == 10)
        #expect(h.deliverer.sent.count == 10, "nothing sent twice")
        #expect(await engine.unrecorded.isEmpty)
    }

    @Test(
        "deliveries a killed process left in flight are sent again, marked in doubt, with the same apns-id", arguments: StoreKind.tested)
    func recovery(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<5)
        _ = try h.publish(["interests": ["news"], "notification": ["title": "x"]])
        _ = try h.store.fanOutStep(limit: 100, now: h.now)
        let claimed = try h.store.claimDeliveries(appID: h.api.appID, now: h.now, limit: 2)  // then "killed"
        #expect(try h.store.recoverInFlight(now: h.now, lease: 30) == 2)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 5)
        #expect(Set(claimed.map(\.apnsID)).isSubset(of: Set(h.deliverer.sent.map(\.apnsID))))
    }

    @Test(
        "heartbeats every third of a lease; takeover only after a whole lease of beats, from the start and after being cut off",
        arguments: StoreKind.tested)
    func heartbeats(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let flaky = FlakyStore(h.store)
        let engine = DeliveryEngine(store: flaky, deliverer: h.deliverer, clock: h.clock, wallTime: { [wall = h.api.clock] in wall.now })
        let start = h.now
        func step(after seconds: Double) async {
            h.api.clock.now += seconds
            await engine.step()
        }
        await step(after: 0)
        await step(after: 5)  // not due yet
        for _ in 0..<3 { await step(after: 10) }
        flaky.cutOff = true
        for _ in 0..<6 { await step(after: 10) }
        flaky.cutOff = false
        for _ in 0..<4 { await step(after: 10) }
        let beats = flaky.heartbeats.map { ($0.now - start, $0.takeOver) }
        #expect(beats.map(\.0) == [0, 15, 25, 35, 105, 115, 125, 135])
        #expect(beats.map(\.1) == [false, false, false, true, false, false, false, true])
    }
}
