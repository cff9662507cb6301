import Foundation
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

@Suite("API: secrets never leave the gateway")
struct APISecretsTests {
    @Test("no key, user-token secret or APNs key appears in an answer, an error or /metrics", arguments: StoreKind.tested)
    func noSecretsOut(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let pem =
            "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgSECRETSECRETSECRET\n-----END PRIVATE KEY-----\n"
        _ = try h.fixture.store.setCredentials(
            appID: h.appID,
            APNSCredentials(environment: .production, method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: pem)))
        let (id, key) = h.registered(1, user: "alice")
        var answers: [HTTPResponse] = [
            h.send("GET", h.devices + "/" + id, key: key),
            h.send("PUT", h.devices + "/" + id + "/user", key: key, json: ["userId": "bob", "userToken": "x.y.z"]),
            h.send("PUT", h.devices + "/" + id + "/user", key: key, json: ["userId": "bob", "userToken": .string(h.userToken("carol"))]),
            h.send("GET", h.devices + "/" + id, key: h.clientKey),
            h.send("GET", h.devices + "/" + id, key: h.serverKey + "x"),
            h.publish(["interests": ["news"], "notification": ["title": "x"]]),
            h.send("GET", "/metrics"),
        ]
        answers.append(
            h.send(
                "POST", h.devices, key: h.clientKey,
                json: ["token": .string(StoreFixture.token(1)), "environment": "sandbox", "deviceKey": .string(key)]))
        let text = answers.map { String(decoding: $0.body, as: UTF8.self) }.joined(separator: "\n") + h.api.metrics.render()
        for secret in [h.serverKey, h.clientKey, key, h.userTokenSecret, "SECRETSECRET", h.userToken("carol")] {
            #expect(!text.contains(secret), "\(secret.prefix(8))… leaked")
        }
        let app = try #require(try h.fixture.store.app(id: h.appID))
        #expect(!"\(app)".contains(h.userTokenSecret) && !"\(app)".contains("SECRETSECRET"))
    }
}
