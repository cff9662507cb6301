import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

@Suite("API: FCM devices")
struct APIFCMDeviceTests {
    /// An FCM registration token's shape: mixed case, a colon, dashes and underscores.
    static let token = "cX9-Az_07:APA91bH" + String(repeating: "Qw3_e-R", count: 20)

    @Test("platform fcm: the token is kept as given, the platform answered, no environment", arguments: StoreKind.tested)
    func register(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let first = h.send(
            "POST", h.devices, key: h.clientKey, json: ["token": .string(Self.token), "platform": "fcm", "interests": ["news"]])
        #expect(first.status == 201, "\(first.errorMessage)")
        let id = try #require(first.json?["deviceId"]?.stringValue)
        let device = h.send("GET", h.devices + "/" + id, key: h.serverKey).json
        #expect(device?["platform"] == "fcm")
        #expect(device?["token"]?.stringValue == Self.token)
        #expect(device?["environment"] == .null)
        let again = h.send("POST", h.devices, key: h.clientKey, json: ["token": .string(Self.token), "platform": "fcm"])
        #expect(again.status == 200)
        #expect(again.json?["deviceId"]?.stringValue == id)
        // Without a platform a device is an APNs one, as before.
        let (apns, _) = h.registered(1)
        let apnsDevice = h.send("GET", h.devices + "/" + apns, key: h.serverKey).json
        #expect(apnsDevice?["platform"] == "apns")
        #expect(apnsDevice?["environment"] == "production")
        // The console finds it by its token.
        let found = h.send("GET", h.devices + "?token=" + Self.token, key: h.serverKey)
        #expect(found.status == 200, "\(found.errorMessage)")
        #expect(found.json?["devices"]?[0]?["platform"] == "fcm", "\(String(describing: found.json))")
    }

    @Test(
        "a bad platform, token or environment is refused with the field named, and nothing is stored",
        arguments: StoreKind.tested)
    func refused(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let cases: [(JSONValue, String, String)] = [
            (["token": .string(Self.token), "platform": "huawei"], "platform", "is not apns or fcm"),
            (["token": "has space", "platform": "fcm"], "token", "no white space or control characters"),
            (["token": "café", "platform": "fcm"], "token", "printable ASCII"),
            (["token": "tab\there", "platform": "fcm"], "token", "no white space"),
            (["token": .string(String(repeating: "é", count: 2049)), "platform": "fcm"], "token", "1 to 4096 bytes"),
            (["token": .string(String(repeating: "a", count: 4097)), "platform": "fcm"], "token", "at most 4096"),
            (
                ["token": .string(Self.token), "platform": "fcm", "environment": "production"], "environment",
                "does not apply to an FCM token"
            ),
            (["token": .string(Self.token), "platform": "apns", "environment": "production"], "token", "expected the device token as hex"),
        ]
        for (body, field, message) in cases {
            let response = h.send("POST", h.devices, key: h.clientKey, json: body)
            #expect(response.status == 400, "\(body)")
            #expect(response.errorMessage.contains(field) && response.errorMessage.contains(message), "\(response.errorMessage)")
        }
        #expect(try h.fixture.store.usage(appID: h.appID).devices == 0)
    }
}
