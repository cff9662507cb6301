import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldGateway

@Suite("Delivery engine: frequency caps")
@MainActor
struct FrequencyCapDeliveryTests {
    @Test(
        "batches held back whole by a cap do not stop the engine: every publish finishes, capped ones are never sent, and counted",
        arguments: StoreKind.tested)
    func wholeBatchesCapped(kind: StoreKind) async throws {
        var policy = DeliveryPolicy()
        policy.batchSize = 2
        let h = try EngineHarness(kind, policy: policy)
        let tokens = try await h.register(0..<3)
        let body: JSONValue = [
            "interests": ["news"], "notification": ["title": "Digest"], "options": ["frequencyCap": ["max": 1, "window": 3600]],
        ]
        let first = try h.publish(body)
        await h.engine.runUntilIdle()
        let later = try (0..<3).map { _ in try h.publish(body) }
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 3, "only the first publish is sent")
        #expect(Set(h.deliverer.sent.map(\.deviceToken)) == Set(tokens))
        #expect(h.status(first)?["sent"] == 3)
        for id in later {
            #expect(h.status(id)?["status"] == "done")
            #expect(h.status(id)?["capped"] == 3)
        }
        let metrics = await h.engine.metrics
        #expect(metrics.value("herald_deliveries_total", [("app", h.api.appID), ("platform", "apns"), ("outcome", "capped")]) == 9)
        await h.advance(by: 3600)
        _ = try h.publish(body)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 6, "an hour later the window is empty again")
    }
}
