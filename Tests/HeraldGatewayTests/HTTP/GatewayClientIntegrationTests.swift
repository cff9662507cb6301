import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

/// The app's `GatewayClient` (with the live URLSession transport) against a real gateway.
@Suite("GatewayClient against herald serve")
@MainActor
struct GatewayClientIntegrationTests {
    @Test("register, login, a publish to the user reaches the device, receipts count in the statistics, logout stops it")
    func roundTrip() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let outboxFolder = TemporaryFolder()
        try FileManager.default.createDirectory(at: outboxFolder.url, withIntermediateDirectories: true)
        defer { outboxFolder.cleanup() }
        let base = try #require(URL(string: "http://127.0.0.1:\(gateway.port)"))
        let client = GatewayClient(baseURL: base, appID: gateway.appID, clientKey: gateway.clientKey, stateDirectory: outboxFolder.url)
        let token = DeviceToken(data: Data(repeating: 0x5A, count: 32))
        let deviceID = try await client.register(token: token, environment: .production, interests: ["news"])
        #expect(try await client.register(token: token, environment: .production) == deviceID)
        try await client.login(userID: "alice", userToken: try gateway.userToken("alice"))
        let published = try await gateway.call(
            "POST", "/v1/apps/\(gateway.appID)/publishes", key: gateway.serverKey,
            ["users": ["alice"], "notification": ["title": "For Alice"]])
        let publishID = try #require(published.json?["publishId"]?.stringValue)
        #expect(try await gateway.waitFor(publish: publishID, status: "done")?["sent"] == 1)
        let delivered = try #require(gateway.deliverer.sent.first)
        #expect(delivered.deviceToken == token.hex)

        // The device decodes the push, records receipts in its outbox, the sender sends them.
        let push = try PayloadDecoder().decode(delivered.payload)
        let unsent = try await Self.send(
            [
                Receipt(
                    id: "r1", kind: .delivered, notificationID: push.id ?? "", provider: push.provider, at: 1_800_000_000, state: .background),
                Receipt(id: "r2", kind: .opened, notificationID: push.id ?? "", provider: push.provider, at: 1_800_000_001, state: .inactive),
            ], from: outboxFolder.url, through: client)
        #expect(unsent == 0)
        let status = try await gateway.call("GET", "/v1/apps/\(gateway.appID)/publishes/\(publishID)", key: gateway.serverKey).json
        #expect(status?["delivered"] == 1)
        #expect(status?["opened"] == 1)

        try await client.logout()
        let after = try await gateway.call(
            "POST", "/v1/apps/\(gateway.appID)/publishes", key: gateway.serverKey, ["users": ["alice"], "notification": ["title": "Gone"]])
        let afterID = try #require(after.json?["publishId"]?.stringValue)
        #expect(try await gateway.waitFor(publish: afterID, status: "done")?["targeted"] == 0)
    }

    @Test("an FCM token registers as an Android device, again after a lost key, and its receipts count like an iOS device's")
    func android() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.cleanup() }
        let base = try #require(URL(string: "http://127.0.0.1:\(gateway.port)"))
        let first = GatewayClient(baseURL: base, appID: gateway.appID, clientKey: gateway.clientKey, stateDirectory: folder.url)
        let token = "dGVzdC1hbmRyb2lk:APA91bE-android-token"
        let deviceID = try await first.register(fcmToken: token, interests: ["news"])
        let device = try await gateway.call("GET", "/v1/apps/\(gateway.appID)/devices/\(deviceID)", key: gateway.serverKey).json
        #expect(device?["platform"] == "fcm" && device?["environment"] == .null && device?["token"]?.stringValue == token)
        #expect(FileGatewayDeviceStore(directory: folder.url).load()?.platform == .fcm)

        let published = try await gateway.call(
            "POST", "/v1/apps/\(gateway.appID)/publishes", key: gateway.serverKey, ["interests": ["news"], "notification": ["title": "Hi"]])
        let publishID = try #require(published.json?["publishId"]?.stringValue)
        #expect(try await gateway.waitFor(publish: publishID, status: "done")?["sent"] == 1)
        #expect(gateway.deliverer.fcmSent.map(\.deviceToken) == [token])

        // The key the device kept is not the gateway's (a restored backup): the client registers the FCM token again by itself.
        let store = FileGatewayDeviceStore(directory: folder.url)
        var stale = try #require(store.load())
        stale.deviceKey = "hdk_" + String(repeating: "0", count: 64)
        try store.save(stale)
        let client = GatewayClient(baseURL: base, appID: gateway.appID, clientKey: gateway.clientKey, stateDirectory: folder.url)
        let unsent = try await Self.send(
            [Receipt(id: "r1", kind: .delivered, notificationID: publishID, provider: .herald, at: 1_800_000_000, state: .background)],
            from: folder.url, through: client)
        #expect(unsent == 0)
        let status = try await gateway.call("GET", "/v1/apps/\(gateway.appID)/publishes/\(publishID)", key: gateway.serverKey).json
        #expect(status?["delivered"] == 1)
        #expect(client.deviceID == deviceID, "the same token is the same device")
        #expect(store.load()?.deviceKey != stale.deviceKey, "a new key was issued and kept")
    }

    /// Records `receipts` in the outbox in `folder` and lets a sender deliver them through
    /// `client`, waiting (30 s at most) until the outbox is empty; how many are left.
    static func send(_ receipts: [Receipt], from folder: URL, through client: GatewayClient) async throws -> Int {
        let outbox = try ReceiptOutbox(directory: folder)
        _ = try outbox.record(receipts)
        let sender = ReceiptSender(outbox: outbox, transport: client, clock: LiveClock())
        sender.flush()
        let deadline = Date().addingTimeInterval(30)
        while try outbox.pending().count > 0, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        return try outbox.pending().count
    }
}
