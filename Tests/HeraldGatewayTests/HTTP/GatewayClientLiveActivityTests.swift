import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

/// The app's Live Activity reports (`LiveActivityReporter` over `GatewayClient`, the live
/// URLSession transport) against a real gateway: what the device reports is where the
/// server's start, update and end publishes go.
@Suite("GatewayClient: Live Activities against herald serve")
@MainActor
struct GatewayClientLiveActivityTests {
    static let deploy = "DeployAttributes"

    @Test("a reported push-to-start token gets the start; the reported activity token the update; after the end, nothing")
    func roundTrip() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let base = try #require(URL(string: "http://127.0.0.1:\(gateway.port)"))
        let client = GatewayClient(baseURL: base, appID: gateway.appID, clientKey: gateway.clientKey)
        let deviceID = try await client.register(token: DeviceToken(data: Data(repeating: 0x5A, count: 32)), environment: .production)
        let reporter = LiveActivityReporter(gateway: client)
        let pushToStart = DeviceToken(data: Data(repeating: 0x11, count: 32)), update = DeviceToken(data: Data(repeating: 0x22, count: 32))
        #expect(await reporter.pushToStartTokenChanged(pushToStart, activityType: Self.deploy) == .sent)

        func publish(_ body: JSONValue) async throws -> JSONValue? {
            let answer = try await gateway.call("POST", "/v1/apps/\(gateway.appID)/publishes", key: gateway.serverKey, body)
            let id = try #require(answer.json?["publishId"]?.stringValue, "\(answer.json ?? .null)")
            return try await gateway.waitFor(publish: id, status: "done")
        }
        let start = try await publish([
            "devices": [.string(deviceID)], "options": ["pushType": "liveactivity"],
            "apns": [
                "aps": [
                    "event": "start", "attributes-type": .string(Self.deploy), "attributes": [:], "content-state": ["step": 0],
                    "alert": ["title": "Deploy", "body": "started"], "input-push-token": 1,
                ]
            ],
        ])
        #expect(start?["sent"] == 1)
        #expect(gateway.deliverer.sent.last?.deviceToken == pushToStart.hex)

        #expect(await reporter.activityTokenChanged(update, activityID: "act-1", activityType: Self.deploy) == .sent)
        let updateBody: JSONValue = ["activities": ["act-1"], "apns": ["aps": ["event": "update", "content-state": ["step": 1]]]]
        #expect(try await publish(updateBody)?["sent"] == 1)
        #expect(gateway.deliverer.sent.last?.deviceToken == update.hex)
        #expect(gateway.deliverer.sent.last?.pushType == "liveactivity")

        #expect(await reporter.activityPhaseChanged(.ended, activityID: "act-1") == .sent)
        #expect(try await publish(updateBody)?["targeted"] == 0)
    }
}
