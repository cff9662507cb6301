import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// The client key ships in every copy of the app: these are the attacks it allowed, each
/// now refused. A device acts only for itself, a user is bound only with the backend's
/// word, and receipts count only for what APNs accepted.
@Suite("API: trust (device keys, user tokens, honest counts)")
struct APITrustTests {
    @Test("binding a device to someone else's user needs their user token: 401, and nothing changes", arguments: StoreKind.tested)
    func bindNeedsUserToken(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (id, key) = h.registered(1)
        let path = h.devices + "/" + id + "/user"
        let bare = h.send("PUT", path, key: key, json: ["userId": "u1"])
        #expect(bare.status == 401 && bare.errorCode == "user_token_required")
        let cases: [(String, String)] = [
            (h.userToken("u2"), "not \"u1\""),
            (UserTokenTests.token(UserTokenTests.claims(sub: "u1", aud: .string(h.appID)), secret: "hus_forged"), "signature"),
            (UserTokenTests.token(UserTokenTests.claims(sub: "u1", aud: "app_other"), secret: h.userTokenSecret), "not \(h.appID)"),
            (
                UserTokenTests.token(
                    UserTokenTests.claims(sub: "u1", aud: .string(h.appID), iat: h.clock.now - 4000, exp: h.clock.now - 400),
                    secret: h.userTokenSecret), "expired"
            ),
        ]
        for (token, says) in cases {
            let refused = h.send("PUT", path, key: key, json: ["userId": "u1", "userToken": .string(token)])
            #expect(refused.status == 401 && refused.errorCode == "invalid_user_token")
            #expect(refused.errorMessage.contains(says), "\(refused.errorMessage)")
        }
        #expect(h.send("GET", h.devices + "/" + id, key: h.serverKey).json?["userId"] == .null)
        let bound = h.send("PUT", path, key: key, json: ["userId": "u1", "userToken": .string(h.userToken("u1"))])
        #expect(bound.status == 200)
        // Logout needs no token; the backend (server key) needs none either.
        #expect(h.send("PUT", path, key: key, json: ["userId": nil]).status == 200)
        #expect(h.send("PUT", path, key: h.serverKey, json: ["userId": "u9"]).status == 200)
    }

    @Test(
        "a hundred forged registrations to a victim's user bind nothing, and the victim's own device still binds",
        arguments: StoreKind.tested)
    func noUserSquatting(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        for n in 0..<100 {
            let forged = h.send(
                "POST", h.devices, key: h.clientKey,
                json: ["token": .string(StoreFixture.token(1000 + n)), "environment": "production", "userId": "victim"])
            #expect(forged.status == 401)
        }
        #expect(try h.fixture.scalar("SELECT count(*) FROM devices") == 0, "a refused registration writes nothing")
        #expect(h.register(1, user: "victim").status == 201)
        let publish = h.publish(["users": ["victim"], "notification": ["title": "x"]])
        #expect(publish.status == 202)
        try h.fixture.fanOutAll(now: h.clock.now)
        let id = try #require(publish.json?["publishId"]?.stringValue)
        #expect(h.send("GET", h.publishes + "/" + id, key: h.serverKey).json?["targeted"] == 1)
    }

    @Test("the client key registers only; a device key acts only on its own device; the server key on any", arguments: StoreKind.tested)
    func deviceKeys(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (a, keyA) = h.registered(1)
        let (b, _) = h.registered(2)
        let onB = h.devices + "/" + b
        let requests: [(String, String, JSONValue?)] = [
            ("GET", onB, nil), ("DELETE", onB, nil), ("PUT", onB + "/interests", ["interests": ["x"]]),
            ("PUT", onB + "/user", ["userId": nil]),
        ]
        for (method, path, body) in requests {
            let client = h.send(method, path, key: h.clientKey, json: body)
            #expect(client.status == 403 && client.errorCode == "device_key_required", "\(method) \(path) with the client key")
            let other = h.send(method, path, key: keyA, json: body)
            #expect(other.status == 403 && other.errorCode == "wrong_device", "\(method) \(path) with device A's key")
        }
        #expect(h.send("GET", h.devices + "/" + a, key: keyA).status == 200)
        #expect(h.send("GET", onB, key: h.serverKey).status == 200)
        let forgedKey = "hdk_" + String(repeating: "0", count: 64)
        #expect(h.send("GET", h.devices + "/" + a, key: forgedKey).status == 401)
        #expect(h.send("GET", h.publishes + "/pub_x", key: keyA).status == 403)
        let register = h.send("POST", h.devices, key: keyA, json: ["token": .string(StoreFixture.token(3)), "environment": "sandbox"])
        #expect(register.status == 403)
        // Another device's events: refused whole, nothing recorded.
        let events = h.send(
            "POST", "/v1/apps/\(h.appID)/events", key: keyA,
            json: ["events": [["publishId": "pub_1", "deviceId": .string(b), "event": "opened", "at": 1]]])
        #expect(events.status == 403 && events.errorCode == "wrong_device")
        #expect(
            h.send(
                "POST", "/v1/apps/\(h.appID)/events", key: h.clientKey, json: ["events": [["publishId": "p", "event": "opened", "at": 1]]]
            ).status == 403)
        // A device key of one app means nothing in another.
        #expect(h.send("GET", "/v1/apps/app_other/devices/" + a, key: keyA).status == 401)
    }

    @Test("registering a known token without its key issues a new one and the old one stops working", arguments: StoreKind.tested)
    func reRegistration(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (id, old) = h.registered(1)
        let again = h.register(1)
        #expect(again.status == 200 && again.json?["deviceId"]?.stringValue == id)
        let new = try #require(again.json?["deviceKey"]?.stringValue)
        #expect(new != old)
        #expect(h.send("GET", h.devices + "/" + id, key: old).status == 401)
        #expect(h.send("GET", h.devices + "/" + id, key: new).status == 200)
    }

    @Test(
        "the grace period: for an upgraded app the client key still acts for keyless devices, until it is turned off",
        arguments: StoreKind.tested)
    func legacyAccess(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let store = h.fixture.store
        // A device registered before device keys existed (an import registers without one).
        _ = try store.importDevices(
            appID: h.appID, [DeviceRegistration(token: StoreFixture.token(1), environment: .production, interests: ["news"])], now: 1)
        let old = try #require(try h.fixture.rows("SELECT id FROM devices WHERE key_hash IS NULL").first ?? nil)
        let (keyed, _) = h.registered(2)
        #expect(try store.keylessDeviceCount(appID: h.appID) == 1)
        let interests = h.devices + "/" + old + "/interests"
        #expect(h.send("PUT", interests, key: h.clientKey, json: ["interests": ["a"]]).status == 403, "off for an app made since")
        #expect(try store.setLegacyDeviceAccess(appID: h.appID, true))
        #expect(h.send("PUT", interests, key: h.clientKey, json: ["interests": ["a"]]).status == 200)
        #expect(h.send("PUT", h.devices + "/" + keyed + "/interests", key: h.clientKey, json: ["interests": ["a"]]).status == 403)
        #expect(
            h.send("PUT", h.devices + "/" + old + "/user", key: h.clientKey, json: ["userId": "u"]).status == 401,
            "users still need a token")
        #expect(try store.setLegacyDeviceAccess(appID: h.appID, false))
        #expect(h.send("PUT", interests, key: h.clientKey, json: ["interests": ["a"]]).status == 403)
    }

    @Test(
        "an opened receipt for a device whose delivery APNs refused with 410 is notSent and counts nothing", arguments: StoreKind.tested)
    @MainActor
    func receiptForDeadToken(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<2)
        let keys = (0..<2).map { n in h.api.register(n).json?["deviceKey"]?.stringValue ?? "" }
        h.deliverer.program(StoreFixture.token(1), [.refused(410, "Unregistered")])
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hi"]])
        await h.engine.runUntilIdle()
        func opened(_ n: Int) -> JSONValue? {
            h.api.send(
                "POST", "/v1/apps/\(h.api.appID)/events", key: keys[n],
                json: ["events": [["publishId": .string(id), "event": "opened", "at": 1_800_000_000]]]
            ).json
        }
        #expect(opened(1)?["notSent"] == 1)
        #expect(opened(0)?["accepted"] == 1)
        let status = try #require(h.status(id))
        #expect(status["sent"] == 1 && status["invalidated"] == 1 && status["opened"] == 1)
    }
}
