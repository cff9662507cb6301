import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldCore

@Suite("GatewayClient: Live Activity tokens")
@MainActor
struct GatewayLiveActivityTests {
    let transport = RecordingGatewayTransport()

    func registered() async throws -> GatewayClient {
        let gateway = GatewayClient(
            baseURL: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: transport)
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_one"}"#)
        try await gateway.register(token: DeviceToken(data: Data(repeating: 1, count: 32)), environment: .production)
        return gateway
    }

    @Test("push-to-start, an activity's token and its end go to the device's paths with its own key")
    func calls() async throws {
        let gateway = try await registered()
        transport.answer(200)
        transport.answer(201)
        transport.answer(200)
        transport.answer(200)
        try await gateway.setPushToStartToken(DeviceToken(data: Data([0xAB, 0xCD])), activityType: "DeployAttributes")
        try await gateway.setActivityToken(DeviceToken(data: Data([0x01, 0x02])), activityID: "act-1", activityType: "DeployAttributes")
        try await gateway.setActivityToken(DeviceToken(data: Data([0x03, 0x04])), activityID: "act-1", activityType: "DeployAttributes")
        try await gateway.endActivity("act-1")
        let sent = transport.sent.dropFirst()
        #expect(sent.map(\.method) == ["PUT", "PUT", "PUT", "DELETE"])
        #expect(
            sent.map(\.url.path) == [
                "/v1/apps/app_1/devices/dev_1/push-to-start/DeployAttributes", "/v1/apps/app_1/devices/dev_1/live-activities/act-1",
                "/v1/apps/app_1/devices/dev_1/live-activities/act-1", "/v1/apps/app_1/devices/dev_1/live-activities/act-1",
            ])
        #expect(sent.allSatisfy { $0.headers["Authorization"] == "Bearer hdk_one" })
        #expect(try transport.body(1) == ["token": "abcd"])
        #expect(try transport.body(2) == ["activityType": "DeployAttributes", "token": "0102"])
        #expect(try transport.body(3) == ["activityType": "DeployAttributes", "token": "0304"])
        #expect(sent.last?.body == nil)
    }

    @Test("an ended activity's token is refused with the gateway's code and message")
    func refused() async throws {
        let gateway = try await registered()
        transport.answer(409, #"{"error":{"code":"conflict","message":"activity act-1 has ended; a new activity has a new id"}}"#)
        do {
            try await gateway.setActivityToken(DeviceToken(data: Data([1])), activityID: "act-1", activityType: "Deploy")
            Issue.record("expected a 409")
        } catch {
            #expect(error.reason == .http(status: 409, code: "conflict"))
            #expect(error.message.contains("has ended"))
        }
    }
}
