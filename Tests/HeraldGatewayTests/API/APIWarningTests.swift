import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

/// What would wait or reach nothing is said in the 201 or 202 that accepts it.
@Suite("API: warnings in 201 and 202")
@MainActor
struct APIWarningTests {
    @Test("a device registered in an environment the app has no credentials for is told so; one it can send to is not", arguments: StoreKind.tested)
    func registration(kind: StoreKind) throws {
        let h = try EngineHarness(kind, environments: [.production])
        let sandbox = h.api.send(
            "POST", h.api.devices, key: h.api.clientKey, json: ["token": .string(StoreFixture.token(1)), "environment": "sandbox"])
        #expect(sandbox.status == 201)
        let warning = try #require(sandbox.json?["warnings"]?.arrayValue?.first?.stringValue)
        #expect(warning.hasPrefix("apns-sandbox: the app has no APNs sandbox credentials"), "\(warning)")
        #expect(warning.contains("herald app set-credentials --app \(h.api.appID) --environment sandbox"))
        let production = h.api.register(2)
        #expect(production.status == 201 && production.json?["warnings"] == nil)
        let android = h.api.send(
            "POST", h.api.devices, key: h.api.clientKey, json: ["token": "android-token:APA91b", "platform": "fcm"])
        #expect(android.json?["warnings"]?.arrayValue?.first?.stringValue?.hasPrefix("fcm: the app has no FCM credentials") == true)
    }

    @Test("a publish that reaches no device, or names unknown device ids or tokens, is accepted with warnings", arguments: StoreKind.tested)
    func publish(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let device = try #require(h.register(0, interests: ["news"]).json?["deviceId"]?.stringValue)
        let reached = h.publish(["interests": ["news"], "notification": ["body": "x"]])
        #expect(reached.status == 202 && reached.json?["warnings"] == nil)
        let nobody = h.publish(["interests": ["nobody-has-this"], "notification": ["body": "x"]])
        #expect(nobody.status == 202)
        #expect(nobody.json?["warnings"]?.arrayValue?.first?.stringValue?.hasPrefix("target: no device of the app is in the target") == true)
        #expect(h.publish(["users": ["ghost"], "notification": ["body": "x"]]).json?["warnings"] != nil)
        let ids = h.publish(["devices": [.string(device), "dev_missing"], "notification": ["body": "x"]])
        #expect(ids.status == 202)
        #expect(ids.json?["warnings"]?.arrayValue?.first?.stringValue?.hasPrefix("target: 1 of the device ids are no device of the app (dev_missing)") == true)
        let tokens = h.publish(["tokens": [.string(StoreFixture.token(0)), .string(StoreFixture.token(9))], "notification": ["body": "x"]])
        let said = tokens.json?["warnings"]?.arrayValue?.first?.stringValue ?? ""
        #expect(said.hasPrefix("target: 1 of the tokens are no registered device of the app (\(StoreFixture.token(9).prefix(12))…)"), "\(said)")
        let keyed: JSONValue = ["interests": ["nobody-has-this"], "notification": ["body": "x"], "idempotencyKey": "k1"]
        #expect(h.publish(keyed).json?["warnings"] != nil)
        #expect(h.publish(keyed).json?["duplicate"] == true)
    }
}
