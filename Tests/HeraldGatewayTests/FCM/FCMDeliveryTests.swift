import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Delivery engine: FCM devices")
@MainActor
struct FCMDeliveryTests {
    static let news: JSONValue = ["interests": ["news"], "notification": ["title": "Hi"]]

    /// FCM's refusal as HeraldGatewayFCM maps it.
    static func fcm(_ status: Int, _ reason: String, _ action: RefusalAction, retryAfter: Double? = nil) -> DeliveryOutcome {
        .refusal(DeliveryRefusal(service: "fcm", status: status, reason: reason, action: action, retryAfter: retryAfter))
    }

    /// An engine with FCM, one APNs and one FCM device in "news", the FCM device's first
    /// answer programmed; the harness and both tokens.
    static func oneOfEach(_ kind: StoreKind, androidAnswer: DeliveryOutcome) async throws -> (EngineHarness, iOS: String, android: String) {
        let h = try EngineHarness(kind, fcm: true)
        let iOS = try await h.register(0..<1)[0]
        _ = try registerFCM(h, 0)
        let android = APIFCMDeviceTests.token + "0"
        h.deliverer.program(android, [androidAnswer])
        return (h, iOS, android)
    }

    /// The device `id`'s record.
    static func fcmDevice(_ h: EngineHarness, _ id: String) throws -> DeviceRecord? {
        try h.store.device(appID: h.api.appID, id: id)
    }

    /// Registers an FCM device with `interests`; its id.
    static func registerFCM(_ h: EngineHarness, _ n: Int, interests: [String] = ["news"]) throws -> String {
        let token = APIFCMDeviceTests.token + "\(n)"
        let answer = h.api.send(
            "POST", h.api.devices, key: h.api.clientKey,
            json: ["token": .string(token), "platform": "fcm", "interests": .array(interests.map(JSONValue.string))])
        return try #require(answer.json?["deviceId"]?.stringValue, "\(answer.errorMessage)")
    }

    @Test(
        "without an FCM deliverer, an interest with APNs and FCM devices: the APNs ones are sent; FCM's fail with the reason, counted by platform",
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
                "apns": ["targeted": 2, "sent": 2, "failed": 0, "invalidated": 0, "capped": 0],
                "fcm": ["targeted": 1, "sent": 0, "failed": 1, "invalidated": 0, "capped": 0],
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
        #expect(status["byPlatform"] == ["fcm": ["targeted": 1, "sent": 0, "failed": 1, "invalidated": 0, "capped": 0]])
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

    @Test(
        "an interest with APNs and FCM devices: each reaches its own deliverer once, FCM's with the app's service account; counted by platform",
        arguments: StoreKind.tested)
    func routed(kind: StoreKind) async throws {
        let h = try EngineHarness(kind, fcm: true)
        let tokens = try await h.register(0..<2)
        _ = try Self.registerFCM(h, 0)
        _ = try Self.registerFCM(h, 1)
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.map(\.deviceToken).sorted() == tokens.sorted())
        #expect(h.deliverer.fcmSent.map(\.deviceToken).sorted() == [APIFCMDeviceTests.token + "0", APIFCMDeviceTests.token + "1"])
        #expect(h.deliverer.fcmSent.allSatisfy { $0.publishID == id })
        #expect(h.deliverer.fcmCredentials.map { $0?.projectID } == ["demo-project"], "one FCM batch, with the app's account")
        for platform in ["apns", "fcm"] {
            let sent = await h.engine.metrics.value("herald_deliveries_total", [("app", h.api.appID), ("platform", platform), ("outcome", "sent")])
            #expect(sent == 2, "\(platform)")
        }
        let status = try #require(h.status(id))
        #expect(status["status"] == "done" && status["targeted"] == 4 && status["sent"] == 4)
        #expect(
            status["byPlatform"] == [
                "apns": ["targeted": 2, "sent": 2, "failed": 0, "invalidated": 0, "capped": 0],
                "fcm": ["targeted": 2, "sent": 2, "failed": 0, "invalidated": 0, "capped": 0],
            ])
    }

    @Test(
        "FCM's UNREGISTERED invalidates the device with FCM's reason, and it is not sent to again; an INVALID_ARGUMENT fails the delivery only",
        arguments: StoreKind.tested)
    func unregistered(kind: StoreKind) async throws {
        let h = try EngineHarness(kind, fcm: true)
        let dead = try Self.registerFCM(h, 0)
        let bad = try Self.registerFCM(h, 1)
        h.deliverer.program(APIFCMDeviceTests.token + "0", [Self.fcm(404, "UNREGISTERED", .invalidate)])
        h.deliverer.program(APIFCMDeviceTests.token + "1", [Self.fcm(400, "INVALID_ARGUMENT", .fail)])
        let first = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        let status = try #require(h.status(first))
        #expect(status["invalidated"] == 1 && status["failed"] == 1)
        #expect(status["failures"] == ["fcm UNREGISTERED": 1, "fcm INVALID_ARGUMENT": 1])
        let record = try #require(try Self.fcmDevice(h, dead))
        #expect(record.invalidatedAt != nil && record.invalidReason == "fcm UNREGISTERED")
        #expect(try Self.fcmDevice(h, bad)?.invalidatedAt == nil)
        let second = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.fcmSent.filter { $0.publishID == second }.map(\.deviceToken) == [APIFCMDeviceTests.token + "1"])
        #expect(h.status(second)?["targeted"] == 1)
    }

    @Test(
        "an FCM token registered again after the request went out is the device's new one: FCM's UNREGISTERED fails the delivery, the device stays",
        arguments: StoreKind.tested)
    func registeredAgain(kind: StoreKind) async throws {
        let h = try EngineHarness(kind, fcm: true)
        let device = try Self.registerFCM(h, 0)
        let job = DeliveryJob(
            seq: 0, publishID: "p", appID: h.api.appID, deviceID: device, token: APIFCMDeviceTests.token + "0", environment: .production,
            attempts: 1, payload: [], options: PublishOptions(), apnsID: "a", inDoubt: false, dueAt: h.now, platform: .fcm)
        let app = try #require(try h.store.app(id: h.api.appID))
        let refusal = Self.fcm(404, "UNREGISTERED", .invalidate)
        let before = await h.engine.result(for: job, refusal, app: app, sentAt: h.now - 1, now: h.now)
        #expect(before == .invalidated(DeadToken(reason: "fcm UNREGISTERED", since: h.now - 1)))
        guard case .invalidated(let dead) = before else { return }
        #expect(dead.invalidates(tokenRegisteredAt: h.now - 2))
        #expect(!dead.invalidates(tokenRegisteredAt: h.now), "registered after the send")
    }

    @Test(
        "FCM's QUOTA_EXCEEDED with Retry-After pauses the app's FCM deliveries only: its APNs devices go on; FCM's resume after the pause",
        arguments: StoreKind.tested)
    func quotaPausesFCMOnly(kind: StoreKind) async throws {
        let (h, iOS, android) = try await Self.oneOfEach(kind, androidAnswer: Self.fcm(429, "QUOTA_EXCEEDED", .retry, retryAfter: 30))
        _ = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        _ = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.accepted(token: iOS) == 2, "APNs goes on")
        #expect(h.deliverer.fcmSent.filter { $0.deviceToken == android }.count == 1, "FCM waits")
        #expect(await h.engine.pauses.until(.init(app: h.api.appID, route: .fcm)) != nil)
        #expect(await h.engine.pauses.until(.init(app: h.api.appID, route: .apns(.production))) == nil)
        await h.advance(by: 30)
        #expect(h.deliverer.fcmSent.filter { $0.deviceToken == android }.count == 3)
    }

    @Test(
        "refused FCM credentials pause the app's FCM deliveries only, then retry: fixing them loses nothing", arguments: StoreKind.tested)
    func credentialsRefused(kind: StoreKind) async throws {
        let (h, iOS, android) = try await Self.oneOfEach(kind, androidAnswer: Self.fcm(401, "UNAUTHENTICATED", .pauseForCredentials))
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.accepted(token: iOS) == 1)
        #expect(h.status(id)?["status"] == "sending")
        #expect(await h.engine.pauses.until(.init(app: h.api.appID, route: .fcm)) != nil)
        await h.advance(by: 120)
        #expect(h.status(id)?["status"] == "done" && h.status(id)?["sent"] == 2)
        #expect(h.deliverer.fcmSent.filter { $0.deviceToken == android }.count == 2)
    }

    @Test(
        "an fcmTokens target: a registered token is its Android device, an unregistered one goes to FCM as given; bad tokens and APNs-only options are refused",
        arguments: StoreKind.tested)
    func fcmTokens(kind: StoreKind) async throws {
        let h = try EngineHarness(kind, fcm: true)
        let device = try Self.registerFCM(h, 0)
        let registered = APIFCMDeviceTests.token + "0", raw = "raw-android:APA91b-not-registered"
        let id = try h.publish(["fcmTokens": [.string(registered), .string(raw), .string(raw)], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.isEmpty, "nothing through APNs")
        #expect(h.deliverer.fcmSent.map(\.deviceToken).sorted() == [raw, registered].sorted())
        let rows = try h.api.fixture.rows("SELECT device_seq IS NOT NULL FROM deliveries WHERE publish_id = ? ORDER BY token", [.text(id)])
        #expect(rows.count == 2)
        #expect(h.status(id)?["byPlatform"] == ["fcm": ["targeted": 2, "sent": 2, "failed": 0, "invalidated": 0, "capped": 0]])
        #expect(try Self.fcmDevice(h, device)?.invalidatedAt == nil)
        for (body, message): (JSONValue, String) in [
            (["fcmTokens": ["has space"], "notification": ["title": "Hi"]], "fcmTokens[0]: an FCM registration token is printable ASCII"),
            (["fcmTokens": ["a"], "notification": ["title": "Hi"], "options": ["environment": "sandbox"]], "options.environment: applies to a tokens target only"),
            (["fcmTokens": ["a"], "tokens": [.string(StoreFixture.token(1))], "notification": ["title": "Hi"]], "tokens+fcmTokens: give exactly one target"),
            (
                ["fcmTokens": ["a"], "apns": ["aps": ["event": "update", "content-state": [:], "timestamp": 1]], "options": ["pushType": "liveactivity"]],
                "fcmTokens: Live Activities are iOS's"
            ),
        ] {
            let answer = h.api.publish(body)
            #expect(answer.status == 400 && answer.errorMessage.hasPrefix(message), "\(answer.errorMessage)")
        }
    }
}
