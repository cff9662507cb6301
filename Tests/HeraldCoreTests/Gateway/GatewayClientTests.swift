import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldCore

@Suite("GatewayClient")
@MainActor
struct GatewayClientTests {
    let transport = RecordingGatewayTransport()

    func client(state: URL? = nil) -> GatewayClient {
        GatewayClient(
            baseURL: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: transport, stateDirectory: state, attributes: { GatewayDeviceAttributes() })
    }

    @Test("register sends the token as hex with the client key, and keeps the device id and key (mode 0600)")
    func register() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-gc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_one"}"#)
        let gateway = client(state: folder)
        let token = DeviceToken(data: Data([0xAB, 0x01, 0xFF, 0x00, 1, 2, 3, 4]))
        let id = try await gateway.register(token: token, environment: .sandbox, interests: ["news"])
        #expect(id == "dev_1")
        let request = transport.sent[0]
        #expect(request.method == "POST")
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/v1/apps/app_1/devices")
        #expect(request.headers["Authorization"] == "Bearer hck_key")
        #expect(
            try transport.body(0) == ["token": "ab01ff0001020304", "platform": "apns", "environment": "sandbox", "interests": ["news"]])
        let file = folder.appendingPathComponent("herald-gateway-device.json")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Another launch (or the extension) reads the id and key back, presents the key when
        // it registers again, and keeps it when the gateway issues no new one.
        let again = client(state: folder)
        #expect(again.deviceID == "dev_1")
        #expect(again.state?.deviceKey == "hdk_one")
        transport.answer(200, #"{"deviceId":"dev_1"}"#)
        try await again.register(token: token, environment: .sandbox)
        #expect(try transport.body(1)["deviceKey"] == "hdk_one")
        #expect(client(state: folder).state?.deviceKey == "hdk_one")
    }

    @Test("interests, login (with the user token) and logout go to the device with its own key; before registration they fail clearly")
    func userAndInterests() async throws {
        let gateway = client()
        await #expect(throws: GatewayClientError.self) { try await gateway.login(userID: "alice", userToken: "jwt") }
        transport.answer(200, #"{"deviceId":"dev_9","deviceKey":"hdk_nine"}"#)
        try await gateway.register(token: DeviceToken(data: Data(repeating: 7, count: 32)), environment: .production)
        transport.answer(200)
        transport.answer(200)
        transport.answer(200)
        try await gateway.setInterests(["a", "b"])
        try await gateway.login(userID: "alice", userToken: "jwt.for.alice")
        try await gateway.logout()
        #expect(
            transport.sent.map(\.url.path) == [
                "/v1/apps/app_1/devices", "/v1/apps/app_1/devices/dev_9/interests", "/v1/apps/app_1/devices/dev_9/user",
                "/v1/apps/app_1/devices/dev_9/user",
            ])
        #expect(transport.sent.dropFirst().allSatisfy { $0.headers["Authorization"] == "Bearer hdk_nine" })
        #expect(try transport.body(2) == ["userId": "alice", "userToken": "jwt.for.alice"])
        #expect(try transport.body(3) == ["userId": nil])
    }

    @Test("a key the gateway no longer knows: the client registers again with its token and retries once")
    func registersAgain() async throws {
        let gateway = client()
        transport.answer(201, #"{"deviceId":"dev_5","deviceKey":"hdk_old"}"#)
        try await gateway.register(token: DeviceToken(data: Data(repeating: 5, count: 32)), environment: .sandbox)
        transport.answer(401, #"{"error":{"code":"unauthorized","message":"not a key of app app_1"}}"#)
        transport.answer(200, #"{"deviceId":"dev_5","deviceKey":"hdk_new"}"#)
        transport.answer(200)
        try await gateway.setInterests(["x"])
        #expect(transport.sent.map(\.url.path).suffix(3) == ["/v1/apps/app_1/devices/dev_5/interests", "/v1/apps/app_1/devices", "/v1/apps/app_1/devices/dev_5/interests"])
        #expect(transport.sent[2].headers["Authorization"] == "Bearer hck_key")
        #expect(try transport.body(2)["token"] == .string(String(repeating: "05", count: 32)))
        #expect(transport.sent[3].headers["Authorization"] == "Bearer hdk_new")
        // A refused user token is the backend's problem: no registration, the error comes back.
        transport.answer(401, #"{"error":{"code":"invalid_user_token","message":"userToken: expired"}}"#)
        await #expect(throws: GatewayClientError.self) { try await gateway.login(userID: "alice", userToken: "old") }
        #expect(transport.sent.count == 5)
    }

    @Test("errors carry the gateway's code and message, and say whether a retry may help")
    func errors() async throws {
        let gateway = client()
        transport.answer(400, #"{"error":{"code":"invalid_request","message":"token: expected the device token as hex"}}"#)
        do {
            try await gateway.register(token: DeviceToken(data: Data([1])), environment: .sandbox)
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .http(status: 400, code: "invalid_request"))
            #expect(error.message.contains("token: expected the device token as hex"))
            #expect(!error.isRetryable)
        }
        transport.fail()
        do {
            try await gateway.register(token: DeviceToken(data: Data([1])), environment: .sandbox)
        } catch {
            #expect(error.reason == .unreachable)
            #expect(error.isRetryable)
        }
    }

    static func receipt(_ kind: Receipt.Kind, _ id: String, provider: ProviderID = .herald, action: String? = nil) -> Receipt {
        Receipt(
            id: UUID().uuidString, kind: kind, notificationID: id, provider: provider, at: 1_800_000_000, state: .active, actionID: action)
    }

    @Test("receipts become events of Herald publishes; others are acknowledged without sending")
    func receipts() async throws {
        let gateway = client()
        transport.answer(201, #"{"deviceId":"dev_2","deviceKey":"hdk_two"}"#)
        try await gateway.register(token: DeviceToken(data: Data(repeating: 1, count: 32)), environment: .production)
        transport.answer(202, #"{"accepted":3,"duplicates":0,"unknownPublishes":0,"notTargeted":0}"#)
        let delivery = await withCheckedContinuation { continuation in
            gateway.send([
                Self.receipt(.delivered, "pub_1"), Self.receipt(.opened, "pub_1"), Self.receipt(.action, "pub_1", action: "like"),
                Self.receipt(.shownInForeground, "pub_1"), Self.receipt(.opened, "fcm-123", provider: .fcm),
                Self.receipt(.opened, "pub with space"),
            ]) { continuation.resume(returning: $0) }
        }
        #expect(delivery == .accepted)
        #expect(transport.sent.count == 2)
        #expect(transport.sent[1].headers["Authorization"] == "Bearer hdk_two")
        let events = try transport.body(1)["events"]?.arrayValue ?? []
        #expect(
            events == [
                ["publishId": "pub_1", "deviceId": "dev_2", "event": "delivered", "at": 1_800_000_000],
                ["publishId": "pub_1", "deviceId": "dev_2", "event": "opened", "at": 1_800_000_000],
                ["publishId": "pub_1", "deviceId": "dev_2", "event": "action", "actionId": "like", "at": 1_800_000_000],
            ])
        let nothing = await withCheckedContinuation { continuation in
            gateway.send([Self.receipt(.shownInForeground, "pub_1")]) { continuation.resume(returning: $0) }
        }
        #expect(nothing == .accepted)
        #expect(transport.sent.count == 2)
    }

    @Test("presented and routed receipts go with their facts, as does the extension's delivered one")
    func receiptFacts() async throws {
        let gateway = client()
        transport.answer(201, #"{"deviceId":"dev_4","deviceKey":"hdk_four"}"#)
        try await gateway.register(token: DeviceToken(data: Data(repeating: 4, count: 32)), environment: .production)
        transport.answer(202, #"{"accepted":2,"duplicates":0,"unknownPublishes":0,"notTargeted":0}"#)
        var presented = Self.receipt(.presented, "pub_1")
        presented.facts = ReceiptFacts(presented: .init(how: "coalesced", why: "it replaced the banner on screen"))
        var routed = Self.receipt(.routed, "pub_1")
        routed.facts = ReceiptFacts(routed: .init(route: "push Article(id=7) on home", matched: true))
        let delivery = await withCheckedContinuation { continuation in
            gateway.send([presented, routed]) { continuation.resume(returning: $0) }
        }
        #expect(delivery == .accepted)
        let events = try transport.body(1)["events"]?.arrayValue ?? []
        #expect(events.map { $0["event"] } == ["presented", "routed"])
        #expect(events[0]["facts"] == ["presented": ["how": "coalesced", "why": "it replaced the banner on screen"]])
        #expect(events[1]["facts"] == ["routed": ["route": "push Article(id=7) on home", "matched": true]])
    }

    @Test("receipt failures map to retry or drop as the sender expects")
    func receiptFailures() async throws {
        let gateway = client()
        let unregistered = await withCheckedContinuation { continuation in
            gateway.send([Self.receipt(.opened, "pub_1")]) { continuation.resume(returning: $0) }
        }
        #expect(unregistered == .failed("not registered with the gateway yet"))
        transport.answer(201, #"{"deviceId":"dev_3","deviceKey":"hdk_three"}"#)
        try await gateway.register(token: DeviceToken(data: Data(repeating: 2, count: 32)), environment: .production)
        transport.fail()
        transport.answer(503)
        transport.answer(400, #"{"error":{"code":"invalid_request","message":"bad"}}"#)
        var results: [ReceiptDelivery] = []
        for _ in 0..<3 {
            results.append(
                await withCheckedContinuation { continuation in
                    gateway.send([Self.receipt(.opened, "pub_1")]) { continuation.resume(returning: $0) }
                })
        }
        guard case .failed = results[0], case .failed = results[1], case .refused(400, _) = results[2] else {
            Issue.record("unexpected \(results)")
            return
        }
    }
}
