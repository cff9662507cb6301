import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldCore

@Suite("GatewayClient as a DeviceRegistrar")
@MainActor
struct GatewayRegistrarTests {
    let transport = RecordingGatewayTransport()

    func client(logger: any HeraldLogger = SilentLogger()) -> GatewayClient {
        GatewayClient(
            baseURL: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            environment: .sandbox, transport: transport, stateDirectory: nil, logger: logger, attributes: { GatewayDeviceAttributes() })
    }

    @Test("the token iOS hands over is registered with the client's environment and interests")
    func registersToken() async throws {
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_one"}"#)
        let gateway = client()
        gateway.interests = ["news"]
        var outcomes: [String] = []
        gateway.onRegistration = { outcomes.append((try? $0.get()) ?? "failed") }
        let registrar: any DeviceRegistrar = gateway
        registrar.register(DeviceToken(data: Data([0xAB, 0x01])))
        await gateway.registration?.value
        #expect(outcomes == ["dev_1"])
        #expect(gateway.deviceID == "dev_1")
        #expect(transport.sent.map(\.url.path) == ["/v1/apps/app_1/devices"])
        #expect(try transport.body(0) == ["token": "ab01", "platform": "apns", "environment": "sandbox", "interests": ["news"]])
    }

    @Test("a registration that fails is told to onRegistration and logged; so is a token iOS could not give")
    func failureIsReported() async throws {
        transport.fail()
        let logger = CollectingLogger()
        let gateway = client(logger: logger)
        var failures = 0
        gateway.onRegistration = { if case .failure = $0 { failures += 1 } }
        gateway.register(DeviceToken(data: Data([1, 2])))
        await gateway.registration?.value
        #expect(failures == 1)
        gateway.registrationFailed(GatewayClientError(.unreachable, "no entitlement"))
        #expect(logger.lines.count == 2)
        #expect(logger.lines.allSatisfy { $0.hasPrefix("warning: herald gateway: ") })
    }
}
