import Foundation
import HeraldCore
import HeraldShared
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Delivery engine: a user deleted while a publish is sent to them")
@MainActor
struct UserDeletionDeliveryTests {
    @Test(
        "the batch at APNs comes back for devices that are gone: it counts as APNs answered, the engine goes on and the publish finishes",
        arguments: StoreKind.tested)
    func deletedInFlight(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<2, user: "maya")
        try await h.register(2..<3, user: "sam")
        let store = h.store, appID = h.api.appID, now = h.now
        let deleted = Locked(-1)
        h.deliverer.whileNextBatchIsSent {
            let count = (try? store.deleteUser(appID: appID, userID: "maya", now: now))?[.deliveries] ?? -1
            deleted.withLock { $0 = count }
        }
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        #expect(deleted.current == 2, "maya's two deliveries were in flight when she was deleted")
        #expect(h.deliverer.sent.count == 3)
        let status = h.status(id)
        #expect(status?["status"] == "done")
        #expect(status?["targeted"] == 3)
        #expect(status?["sent"] == 3, "APNs had them: they count as what it answered")
        #expect(status?["failed"] == 0)
        #expect(status?["failures"] == [:])
        #expect(
            try h.api.fixture.rows("SELECT token FROM deliveries WHERE publish_id = ? AND device_seq IS NULL ORDER BY seq", [.text(id)])
                .allSatisfy { $0?.hasPrefix("deleted:") == true }, "kept without the device or its token")

        let next = try h.publish(["interests": ["news"], "notification": ["title": "Again"]])
        await h.engine.runUntilIdle()
        #expect(h.status(next)?["targeted"] == 1, "the engine goes on: the next publish reaches the device left")
        #expect(h.status(next)?["status"] == "done")
    }

    @Test("a deleted user's delivery at APNs answered with a retry is failed UserDeleted, never sent again", arguments: StoreKind.tested)
    func retriedAfterDeletion(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(3..<4, user: "zoe")
        let store = h.store, appID = h.api.appID, now = h.now
        h.deliverer.whileNextBatchIsSent { _ = try? store.deleteUser(appID: appID, userID: "zoe", now: now) }
        h.deliverer.program(StoreFixture.token(3), [.refused(503, "ServiceUnavailable")])
        let id = try h.publish(["users": ["zoe"], "notification": ["title": "Hi"]])
        await h.advance(by: 3600)
        let status = h.status(id)
        #expect(status?["status"] == "done")
        #expect(status?["failures"] == ["UserDeleted": 1])
        #expect(h.deliverer.sent.count == 1, "sent once, not again after the retry")
    }
}
