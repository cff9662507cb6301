import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

/// A finished publish keeps its per-device deliveries and receipts for the retention
/// period, then they are deleted in batches; its statistics stay.
@Suite("Retention of finished publishes")
@MainActor
struct RetentionTests {
    func rows(_ h: EngineHarness, _ table: String, publish id: String) throws -> Int {
        try h.api.fixture.scalar("SELECT count(*) FROM \(table) WHERE publish_id = ?", [.text(id)]) ?? -1
    }

    func event(_ h: EngineHarness, publish: String, device n: Int, _ kind: String) throws -> JSONValue? {
        let device = try #require(try h.device(token: n))
        let body: JSONValue = [
            "events": [["publishId": .string(publish), "deviceId": .string(device.id), "event": .string(kind), "at": 1]]
        ]
        return h.api.send("POST", "/v1/apps/\(h.api.appID)/events", key: h.api.serverKey, json: body).json
    }

    @Test(
        "deliveries and receipts go after the retention, in batches; the statistics stay; a late receipt is not counted",
        arguments: StoreKind.tested)
    func prunes(kind: StoreKind) async throws {
        var policy = DeliveryPolicy()
        policy.retention = 7 * 86_400
        policy.pruneBatch = 3
        policy.pruneInterval = 60
        let h = try EngineHarness(kind, policy: policy)
        try await h.register(0..<7)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        let other = try h.publish(["interests": ["news"], "notification": ["title": "Later"]])
        await h.engine.runUntilIdle()
        #expect(try event(h, publish: id, device: 0, "opened")?["accepted"] == 1)
        #expect(try rows(h, "deliveries", publish: id) == 7)

        await h.advance(by: 86_400)
        #expect(try rows(h, "deliveries", publish: id) == 7, "kept within the retention")
        // The second publish finishes later: it must outlive the first.
        try h.api.fixture.execute("UPDATE publishes SET updated_at = ? WHERE id = ?", [.double(h.now), .text(other)])

        await h.advance(by: 6.5 * 86_400)
        #expect(try rows(h, "deliveries", publish: id) == 0)
        #expect(try rows(h, "events", publish: id) == 0)
        #expect(try rows(h, "deliveries", publish: other) == 7, "a publish finished later keeps its deliveries")
        let status = try #require(h.status(id))
        #expect(status["status"] == "done")
        #expect(status["sent"] == 7)
        #expect(status["opened"] == 1)
        let late = try event(h, publish: id, device: 1, "opened")
        #expect(late?["accepted"] == 0)
        #expect(late?["notTargeted"] == 1)
        #expect(h.status(id)?["opened"] == 1)
    }

    @Test("without a retention nothing is deleted", arguments: StoreKind.tested)
    func keepsForever(kind: StoreKind) async throws {
        var policy = DeliveryPolicy()
        policy.retention = nil
        let h = try EngineHarness(kind, policy: policy)
        try await h.register(0..<3)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        await h.advance(by: 365 * 86_400)
        #expect(try rows(h, "deliveries", publish: id) == 3)
    }
}
