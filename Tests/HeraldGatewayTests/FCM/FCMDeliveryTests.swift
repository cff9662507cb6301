import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Delivery engine: FCM devices")
@MainActor
struct FCMDeliveryTests {
    /// Registers an FCM device with `interests`; its id.
    static func registerFCM(_ h: EngineHarness, _ n: Int, interests: [String] = ["news"]) throws -> String {
        let token = APIFCMDeviceTests.token + "\(n)"
        let answer = h.api.send(
            "POST", h.api.devices, key: h.api.clientKey,
            json: ["token": .string(token), "platform": "fcm", "interests": .array(interests.map(JSONValue.string))])
        return try #require(answer.json?["deviceId"]?.stringValue, "\(answer.errorMessage)")
    }

    @Test(
        "an interest with APNs and FCM devices: only the APNs ones reach the deliverer; FCM's fail with the reason, counted by platform",
        arguments: StoreKind.tested)
    func interest(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let tokens = try await h.register(0..<2)
        _ = try Self.registerFCM(h, 0)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.map(\.deviceToken).sorted() == tokens.sorted())
        let status = try #require(h.status(id))
        #expect(status["status"] == "done")
        #expect(status["targeted"] == 3)
        #expect(status["sent"] == 2)
        #expect(status["failed"] == 1)
        #expect(status["failures"] == [DeliveryEngine.noFCMDeliverer: 1])
        #expect(
            status["byPlatform"] == [
                "apns": ["targeted": 2, "sent": 2, "failed": 0, "invalidated": 0],
                "fcm": ["targeted": 1, "sent": 0, "failed": 1, "invalidated": 0],
            ])
    }

    @Test("a publish to an FCM device by id carries its platform into the delivery and fails it", arguments: StoreKind.tested)
    func byDeviceID(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        let device = try Self.registerFCM(h, 1)
        let id = try h.publish(["devices": [.string(device)], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.isEmpty)
        let platforms = try h.api.fixture.rows("SELECT platform FROM deliveries WHERE publish_id = ?", [.text(id)])
        #expect(platforms == ["fcm"])
        let status = try #require(h.status(id))
        #expect(status["failures"] == [DeliveryEngine.noFCMDeliverer: 1])
        #expect(status["byPlatform"] == ["fcm": ["targeted": 1, "sent": 0, "failed": 1, "invalidated": 0]])
    }

    @Test("a user's APNs and FCM devices: each delivery row has its device's platform", arguments: StoreKind.tested)
    func byUser(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<1, user: "dana")
        let fcm = h.api.send(
            "POST", h.api.devices, key: h.api.clientKey,
            json: [
                "token": .string(APIFCMDeviceTests.token), "platform": "fcm", "userId": "dana",
                "userToken": .string(h.api.userToken("dana")),
            ])
        #expect(fcm.status == 201, "\(fcm.errorMessage)")
        let id = try h.publish(["users": ["dana"], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        let platforms = try h.api.fixture.rows("SELECT platform FROM deliveries WHERE publish_id = ? ORDER BY platform", [.text(id)])
        #expect(platforms == ["apns", "fcm"])
        #expect(h.deliverer.sent.count == 1)
    }
}
