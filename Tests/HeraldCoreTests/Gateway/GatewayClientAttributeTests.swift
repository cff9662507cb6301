import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldCore

@Suite("GatewayClient: device attributes")
@MainActor
struct GatewayClientAttributeTests {
    let transport = RecordingGatewayTransport()
    /// What the test's device says about itself; the tests change it.
    final class Device { var attributes = GatewayDeviceAttributes(locale: "de_AT", timeZone: "Europe/Vienna", appVersion: "2.1") }
    let device = Device()

    func client(state: URL? = nil) -> GatewayClient {
        GatewayClient(
            baseURL: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: transport, stateDirectory: state, attributes: { [device] in device.attributes })
    }

    @Test("a registration sends locale (as BCP 47), time zone and app version by itself")
    func atRegistration() async throws {
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_one"}"#)
        try await client().register(token: DeviceToken(data: Data([1, 2])), environment: .sandbox)
        let body = try transport.body(0)
        #expect(body["locale"] == "de-AT")
        #expect(body["timeZone"] == "Europe/Vienna")
        #expect(body["appVersion"] == "2.1")
    }

    @Test("after a change, the update call sends only what changed, once; the last sent is kept across launches")
    func whenChanged() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-gca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gateway = client(state: folder)
        #expect(try await gateway.updateAttributesIfChanged() == false, "nothing before registration")
        #expect(transport.sent.isEmpty)
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_one"}"#)
        try await gateway.register(token: DeviceToken(data: Data([1, 2])), environment: .sandbox)
        #expect(try await gateway.updateAttributesIfChanged() == false, "unchanged since the registration")
        #expect(transport.sent.count == 1)
        device.attributes.timeZone = "America/New_York"
        device.attributes.appVersion = "2.2"
        transport.answer(200)
        #expect(try await gateway.updateAttributesIfChanged())
        let update = transport.sent[1]
        #expect(update.method == "PUT")
        #expect(update.url.path == "/v1/apps/app_1/devices/dev_1/attributes")
        #expect(update.headers["Authorization"] == "Bearer hdk_one")
        #expect(try transport.body(1) == ["timeZone": "America/New_York", "appVersion": "2.2"])
        #expect(try await gateway.updateAttributesIfChanged() == false)
        // Another launch knows what was sent.
        #expect(try await client(state: folder).updateAttributesIfChanged() == false)
        #expect(transport.sent.count == 2)
        // A value that became unknown is not sent (nor cleared).
        device.attributes.appVersion = nil
        #expect(try await client(state: folder).updateAttributesIfChanged() == false)
        #expect(transport.sent.count == 2)
    }

    @Test("values the gateway would refuse are left out, never sent")
    func shapes() {
        let attributes = GatewayDeviceAttributes(locale: "en_US@calendar=gregorian", timeZone: "../zone", appVersion: "1.0-beta")
        #expect(attributes == GatewayDeviceAttributes(locale: "en-US"))
        #expect(GatewayDeviceAttributes(locale: "zh-Hans_CN").locale == "zh-Hans-CN")
        #expect(GatewayDeviceAttributes(locale: "x").locale == nil)
        #expect(GatewayDeviceAttributes(appVersion: "10.0.1.2").appVersion == "10.0.1.2")
    }
}

extension GatewayClientAttributeTests {
    @Test("as a DeviceRegistrar, the app becoming active sends what changed; a failure is logged")
    func whenActive() async throws {
        let logger = CollectingLogger()
        let gateway = GatewayClient(
            baseURL: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: transport, stateDirectory: nil, logger: logger, attributes: { [device] in device.attributes })
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_one"}"#)
        try await gateway.register(token: DeviceToken(data: Data([1, 2])), environment: .sandbox)
        device.attributes.locale = "fr-CA"
        transport.answer(503)
        gateway.appBecameActive()
        await gateway.attributesUpdate?.value
        #expect(logger.lines.contains { $0.contains("were not sent") })
        transport.answer(200)
        gateway.appBecameActive()
        await gateway.attributesUpdate?.value
        #expect(try transport.body(2) == ["locale": "fr-CA"], "sent again after the failure")
        gateway.appBecameActive()
        await gateway.attributesUpdate?.value
        #expect(transport.sent.count == 3)
    }
}

extension GatewayClientAttributeTests {
    @Test("an attribute the gateway refuses (a time zone its database lacks) costs no registration: sent again without it, logged")
    func refusedAttribute() async throws {
        let logger = CollectingLogger()
        device.attributes.timeZone = "America/Ciudad_Juarez"
        let gateway = GatewayClient(
            baseURL: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: transport, stateDirectory: nil, logger: logger, attributes: { [device] in device.attributes })
        transport.answer(
            400, #"{"error":{"code":"invalid_request","message":"timeZone: \"America/Ciudad_Juarez\" is not an IANA time zone name"}}"#)
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_one"}"#)
        #expect(try await gateway.register(token: DeviceToken(data: Data([1, 2])), environment: .sandbox) == "dev_1")
        #expect(try transport.body(0)["timeZone"] == "America/Ciudad_Juarez")
        let again = try transport.body(1)
        #expect(again["timeZone"] == nil)
        #expect(again["locale"] == "de-AT" && again["appVersion"] == "2.1")
        #expect(logger.lines.contains { $0.contains("registering without the timeZone") })
        // Not sent again until it changes.
        #expect(try await gateway.updateAttributesIfChanged() == false)
        // Any other refusal is the caller's.
        transport.answer(400, #"{"error":{"code":"invalid_request","message":"interests[0]: \"a b\" is not an interest name"}}"#)
        await #expect(throws: GatewayClientError.self) {
            try await gateway.register(token: DeviceToken(data: Data([1, 2])), environment: .sandbox, interests: ["a b"])
        }
        #expect(transport.sent.count == 3)
    }
}
