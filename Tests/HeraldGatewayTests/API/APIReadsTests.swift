import Foundation
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import Testing
@testable import HeraldGateway

@Suite("API: the server key's reads the console pages use (publishes, failures, devices, deliveries, settings, lint)")
struct APIReadsTests {
    @MainActor
    @Test(
        "a publish's failed devices, a device's deliveries, and finding devices by token, id, user and interest",
        arguments: StoreKind.tested)
    func failuresAndDevices(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<3)
        _ = h.api.register(3, interests: ["other"], user: "maya")
        h.deliverer.program(StoreFixture.token(2), [.refused(410, "Unregistered", timestamp: h.now + 5)])
        h.deliverer.program(StoreFixture.token(1), [.refused(413, "PayloadTooLarge")])
        let first = try h.publish(["interests": ["news"], "notification": ["title": "First", "subtitle": "Sub", "body": "One"]])
        await h.engine.runUntilIdle()
        let second = try h.publish(["users": ["maya"], "apns": ["aps": ["alert": "Plain"]]])
        await h.engine.runUntilIdle()
        let a = h.api

        let list = a.send("GET", a.publishes + "?limit=10", key: a.serverKey).json?["publishes"]?.arrayValue ?? []
        #expect(list.map { $0["publishId"]?.stringValue } == [second, first], "newest first")
        #expect(list.last?["notification"] == ["title": "First", "subtitle": "Sub", "body": "One"])
        #expect(list.last?["target"] == ["kind": "interests", "keys": ["news"]])
        #expect(list.first?["notification"] == ["body": "Plain"])
        #expect(list.last?["failures"] == ["PayloadTooLarge": 1, "Unregistered": 1], "each publish with its failures by reason")
        #expect(list.first?["failures"] == [:])
        #expect(a.send("GET", a.publishes + "?limit=1", key: a.serverKey).json?["publishes"]?.arrayValue?.count == 1)
        #expect(a.send("GET", a.publishes + "?limit=0", key: a.serverKey).status == 400)
        #expect(a.send("GET", a.publishes, key: a.clientKey).status == 403)

        let failures = a.send("GET", a.publishes + "/\(first)/failures", key: a.serverKey).json?["failures"]?.arrayValue ?? []
        let byToken = Dictionary(uniqueKeysWithValues: failures.map { ($0["token"]?.stringValue ?? "", $0) })
        #expect(byToken.count == 2)
        #expect(byToken[StoreFixture.token(2)]?["state"] == "invalidated")
        #expect(byToken[StoreFixture.token(2)]?["reason"] == "Unregistered")
        #expect(byToken[StoreFixture.token(1)]?["state"] == "failed")
        #expect(byToken[StoreFixture.token(1)]?["reason"] == "PayloadTooLarge")
        let deadID = try #require(try h.device(token: 2)?.id)
        #expect(byToken[StoreFixture.token(2)]?["deviceId"]?.stringValue == deadID)
        #expect(a.send("GET", a.publishes + "/pub_nope/failures", key: a.serverKey).status == 404)

        func find(_ query: String) -> [String] {
            (a.send("GET", a.devices + "?" + query, key: a.serverKey).json?["devices"]?.arrayValue ?? []).compactMap {
                $0["token"]?.stringValue
            }
        }
        #expect(Set(find("interest=news")) == Set((0..<3).map(StoreFixture.token)))
        #expect(find("token=" + StoreFixture.token(2).uppercased()) == [StoreFixture.token(2)])
        #expect(find("userId=maya") == [StoreFixture.token(3)])
        #expect(find("deviceId=" + deadID) == [StoreFixture.token(2)])
        #expect(find("interest=nobody").isEmpty)
        let dead = a.send("GET", a.devices + "?deviceId=" + deadID, key: a.serverKey).json?["devices"]?[0]
        #expect(dead?["invalidReason"] == "Unregistered")
        let maya = a.send("GET", a.devices + "?userId=maya", key: a.serverKey).json?["devices"]?[0]
        #expect(maya?["interests"] == ["other"])
        let newsDevices = a.send("GET", a.devices + "?interest=news", key: a.serverKey).json?["devices"]?.arrayValue ?? []
        #expect(newsDevices.allSatisfy { $0["interests"] == ["news"] }, "each device found with its interests")
        #expect(a.send("GET", a.devices + "?interest=news&limit=2", key: a.serverKey).json?["devices"]?.arrayValue?.count == 2)
        #expect(a.send("GET", a.devices + "?interest=news&userId=maya", key: a.serverKey).status == 400)
        #expect(a.send("GET", a.devices, key: a.serverKey).status == 400)
        #expect(a.send("GET", a.devices + "?deviceId=a%20b", key: a.serverKey).status == 400)
        // Not hex, so an FCM token: none such; with white space, no token of either kind.
        #expect(a.send("GET", a.devices + "?token=xyz", key: a.serverKey).json?["devices"] == [])
        #expect(a.send("GET", a.devices + "?token=x%20y", key: a.serverKey).status == 400)

        let mayaID = try #require(try h.device(token: 3)?.id)
        let deliveries = a.send("GET", a.devices + "/\(mayaID)/deliveries", key: a.serverKey).json?["deliveries"]?.arrayValue ?? []
        #expect(deliveries.map { $0["publishId"]?.stringValue } == [second])
        #expect(deliveries.first?["state"] == "sent")
        let deadDeliveries = a.send("GET", a.devices + "/\(deadID)/deliveries", key: a.serverKey).json?["deliveries"]?.arrayValue ?? []
        #expect(deadDeliveries.map { $0["state"]?.stringValue } == ["invalidated"])
        #expect(a.send("GET", a.devices + "/dev_nope/deliveries", key: a.serverKey).status == 404)
    }

    @Test(
        "the list of publishes leaves out the inbox's sync pushes unless asked with internal=true; a sync is still read by its id",
        arguments: StoreKind.tested)
    func internalPublishes(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        _ = h.registered(1, user: "maya")
        let published = h.publish(["users": ["maya"], "notification": ["title": "Hello"]])
        #expect(published.status == 202)
        let id = try #require(published.json?["publishId"]?.stringValue)
        // A message the server adds and takes back: the store schedules the push that tells maya's device.
        let inbox = "/v1/apps/\(h.appID)/users/maya/inbox"
        let message = try #require(h.send("POST", inbox, key: h.serverKey, json: ["title": "Coupon"]).json?["id"]?.stringValue)
        #expect(h.send("DELETE", inbox + "/" + message, key: h.serverKey).status == 204)
        let stored = try h.fixture.store.publishes(appID: h.appID, limit: 10).map(\.id)
        #expect(stored.count == 2 && stored.last == id, "the publish, then the inbox's sync")
        let sync = try #require(stored.first)

        func listed(_ query: String) -> [String]? {
            h.send("GET", h.publishes + query, key: h.serverKey).json?["publishes"]?.arrayValue?.compactMap { $0["publishId"]?.stringValue }
        }
        #expect(listed("") == [id])
        #expect(listed("?internal=false") == [id])
        #expect(listed("?internal=true") == [sync, id], "newest first, the sync too")
        #expect(listed("?internal=true&limit=1") == [sync])
        #expect(listed("?limit=1") == [id], "the limit counts the publishes listed")
        let refused = h.send("GET", h.publishes + "?internal=yes", key: h.serverKey)
        #expect(refused.status == 400 && refused.errorMessage.hasPrefix("internal"), "\(refused.errorMessage)")
        #expect(h.send("GET", h.publishes + "/" + sync, key: h.serverKey).json?["publishId"]?.stringValue == sync)
    }

    @Test("the app's settings name its credentials and limits, never a private key", arguments: StoreKind.tested)
    func settings(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        _ = try h.fixture.store.setCredentials(
            appID: h.appID,
            APNSCredentials(environment: .sandbox, method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: "SECRET-PEM")))
        let response = h.send("GET", "/v1/apps/\(h.appID)/settings", key: h.serverKey)
        #expect(response.status == 200)
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(!body.contains("SECRET-PEM"))
        let credentials = response.json?["credentials"]?.arrayValue ?? []
        let sandbox = credentials.first { $0["environment"] == "sandbox" }
        #expect(sandbox?["configured"] == true)
        #expect(sandbox?["keyId"] == "ABCDE12345")
        #expect(sandbox?["method"] == "token")
        #expect(
            response.json?["quota"] == [
                "interestsPerDevice": 100, "devicesPerApp": 1_000_000, "subscriptionsPerApp": 10_000_000, "eventsPerApp": 100_000_000,
                "inboxMessagesPerUser": 1000,
            ], "every quota")
        #expect(h.send("GET", "/v1/apps/\(h.appID)/settings", key: h.clientKey).status == 403)
    }

    @Test("a certificate's expiry is read from its PEM; a PEM without one has none")
    func certificateExpiry() throws {
        let certificate = try TestCertificate.make(commonName: "Apple Push Services: com.example.test", server: false, days: 30)
        let expiry = try #require(CertificateExpiry.notAfter(pem: try certificate.certificatePEM()))
        let expected = Date().timeIntervalSince1970 + 30 * 86_400
        #expect(abs(expiry - expected) < 86_400, "notAfter \(expiry), about \(expected) expected")
        #expect(CertificateExpiry.notAfter(pem: "not a pem") == nil)
        #expect(CertificateExpiry.notAfter(pem: "") == nil)
    }

    @Test("lint runs a publish's checks without publishing", arguments: StoreKind.tested)
    func lint(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let path = "/v1/apps/\(h.appID)/lint"
        let good = h.send(
            "POST", path, key: h.serverKey, json: ["interests": ["news"], "notification": ["title": "Hi", "image": "https://e.com/a.png"]])
        #expect(good.status == 200)
        #expect(good.json?["valid"] == true)
        #expect(good.json?["payload"]?["aps"]?["mutable-content"] == 1)
        #expect(h.published.count == 0)
        #expect(try h.fixture.store.publishes(appID: h.appID, limit: 10).isEmpty)
        let bad = h.send("POST", path, key: h.serverKey, json: ["interests": ["news"], "notification": ["image": "ftp://x"]])
        #expect(bad.status == 422)
        #expect(bad.json?["valid"] == false)
        #expect(bad.json?["errors"]?[0]?["field"] == "notification")
        let badImage = h.send(
            "POST", path, key: h.serverKey, json: ["interests": ["news"], "notification": ["title": "x", "image": "ftp://x"]])
        #expect(badImage.json?["errors"]?[0]?["field"] == "notification.image")
        let forged = h.send(
            "POST", path, key: h.serverKey,
            json: ["interests": ["news"], "apns": ["aps": ["content-available": 1], "herald": ["inbox": ["unread": 1]]]])
        #expect(forged.status == 422)
        #expect(forged.json?["errors"]?[0]?["field"] == "apns.herald.inbox", "the herald namespace is the gateway's")
        #expect(h.send("POST", path, key: h.serverKey, raw: "{").status == 400, "a body that is not JSON is still 400")
    }
}
