import Foundation
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

@Suite("API: keys and routes")
struct APIAuthTests {
    @Test("no key, a wrong key, another app's key and an unknown app are all 401", arguments: StoreKind.tested)
    func unauthorized(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let body: JSONValue = ["token": .string(StoreFixture.token(1)), "environment": "sandbox"]
        for key in [nil, "nope", h.otherServerKey, "hsk_" + String(repeating: "a", count: 63)] {
            let response = h.send("POST", h.devices, key: key, json: body)
            #expect(response.status == 401, "\(key ?? "no key")")
            #expect(response.errorCode == "unauthorized")
            #expect(response.headers.contains { $0 == ("WWW-Authenticate", "Bearer") })
        }
        let unknown = h.send("POST", "/v1/apps/app_missing/devices", key: h.clientKey, json: body)
        #expect(unknown.status == 401)
        #expect(h.send("POST", h.devices, json: body, headers: ["Authorization": "Basic abc"]).status == 401)
        #expect(h.send("POST", h.devices, json: body, headers: ["Authorization": "Bearer "]).status == 401)
    }

    @Test("a wrong key on a known app and any key on an unknown app: the same SQL, the same SQLite steps; no credentials read")
    func sameWorkForUnknownApps() throws {
        let h = try APIHarness(.sqlite)
        let sqlite = try #require(h.fixture.store as? SQLiteStore)
        let credentials = APNSCredentials(
            environment: .production, method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: "p"))
        #expect(try h.fixture.store.setCredentials(appID: h.appID, credentials))
        func traced(_ method: String, _ path: String, key: String, status: Int) -> [SQLTrace.Run] {
            SQLTrace.record(sqlite) {
                let response = h.send(method, path, key: key)
                #expect(response.status == status, "\(method) \(path) with \(key.prefix(4))…: \(response.errorMessage)")
            }
        }
        // The store finds its decoy app at the first authorization, known app or not.
        #expect(h.send("GET", h.publishes + "/pub_x", key: "nope").status == 401)
        let keys = [
            "hsk_" + String(repeating: "f", count: 64), "hck_" + String(repeating: "f", count: 64),
            "hdk_" + String(repeating: "f", count: 64), "nope", h.otherServerKey,
        ]
        for (method, suffix) in [("GET", "/publishes/pub_x"), ("GET", "/devices/dev_x"), ("DELETE", "/devices/dev_x")] {
            for key in keys {
                let known = traced(method, "/v1/apps/\(h.appID)" + suffix, key: key, status: 401)
                let unknown = traced(method, "/v1/apps/app_missing" + suffix, key: key, status: 401)
                #expect(known.filter { $0.sql.contains("FROM apps") }.count == 1, "\(known)")
                #expect(known == unknown, "\(method) \(suffix) with \(key.prefix(4))…")
            }
            // The app's own server key on an unknown app id: the same work as a wrong key.
            let unknown = traced(method, "/v1/apps/app_missing" + suffix, key: h.serverKey, status: 401)
            #expect(unknown == traced(method, "/v1/apps/\(h.appID)" + suffix, key: keys[0], status: 401))
        }
        let authorized = traced("GET", h.publishes + "/pub_x", key: h.serverKey, status: 404)
        #expect(!authorized.contains { $0.sql.contains("app_credentials") }, "\(authorized)")
        #expect(try h.fixture.store.app(id: h.appID)?.credentials == [credentials], "the delivery path still loads them")
    }

    @Test("the client key cannot use server endpoints; the server key can use client ones", arguments: StoreKind.tested)
    func roles(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let publish = h.send("POST", h.publishes, key: h.clientKey, json: ["interests": ["news"], "notification": ["title": "x"]])
        #expect(publish.status == 403)
        #expect(publish.errorCode == "forbidden")
        #expect(publish.errorMessage.contains("server key"))
        #expect(h.send("GET", h.publishes + "/pub_x", key: h.clientKey).status == 403)
        #expect(h.send("DELETE", h.publishes + "/pub_x", key: h.clientKey).status == 403)
        let registered = h.send(
            "POST", h.devices, key: h.serverKey, json: ["token": .string(StoreFixture.token(1)), "environment": "sandbox"])
        #expect(registered.status == 201)
        // Another app's server key cannot read this app's publishes.
        #expect(h.send("GET", h.publishes + "/pub_x", key: h.otherServerKey).status == 401)
    }

    @Test("unknown paths are 404, known paths with another method 405 with Allow", arguments: StoreKind.tested)
    func routing(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let missing = h.send("GET", "/v2/nothing")
        #expect(missing.status == 404)
        #expect(missing.errorCode == "not_found")
        let method = h.send("PATCH", h.devices, key: h.clientKey)
        #expect(method.status == 405)
        #expect(method.headers.contains { $0.0 == "Allow" && $0.1 == "GET, POST" })
        let publish = h.send("PUT", h.publishes + "/pub_x", key: h.serverKey)
        #expect(publish.status == 405)
        #expect(publish.headers.contains { $0.0 == "Allow" && $0.1 == "GET, DELETE" })
        #expect(GatewayAPI.allowOrder(["DELETE", "PUT", "GET", "POST"]) == ["GET", "POST", "PUT", "DELETE"])
        #expect(h.send("GET", "/healthz").json == ["status": "ok"])
        let metrics = h.send("GET", "/metrics")
        #expect(metrics.status == 200)
        #expect(String(decoding: metrics.body, as: UTF8.self).contains("herald_http_requests_total{route=\"healthz\""))
    }

    @Test("a query that gives a parameter twice is refused with its name, whatever the route", arguments: StoreKind.tested)
    func repeatedQuery(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let twice = h.send("GET", "/v1/apps/\(h.appID)/publishes?limit=5&limit=500", key: h.serverKey)
        #expect(twice.status == 400)
        #expect(twice.errorCode == "invalid_request")
        #expect(twice.json?["error"]?["message"]?.stringValue?.hasPrefix("limit: ") == true)
        #expect(h.send("GET", "/v1/apps/\(h.appID)/publishes?limit=5", key: h.serverKey).status == 200)
    }

    @Test("every answer says nosniff on the wire, JSON and errors alike")
    func noSniff() throws {
        for response in [HTTPResponse.json(200, ["ok": true]), .error(.notFound("x")), HTTPProtocolError.busy.response] {
            let head = String(decoding: response.wire(keepAlive: true, http10: false), as: UTF8.self)
            #expect(head.components(separatedBy: "X-Content-Type-Options: nosniff\r\n").count == 2, "once: \(head)")
        }
        var own = HTTPResponse.json(200, ["ok": true])
        own.headers.append(("X-Content-Type-Options", "nosniff"))
        let head = String(decoding: own.wire(keepAlive: true, http10: false), as: UTF8.self)
        #expect(head.components(separatedBy: "nosniff").count == 2, "not twice when the handler set it")
    }

    @Test("bodies: not JSON, the wrong content type, empty, too large", arguments: StoreKind.tested)
    func bodies(kind: StoreKind) throws {
        let h = try APIHarness(kind, maxBodyBytes: 2000)
        let notJSON = h.send("POST", h.devices, key: h.clientKey, raw: "{\"token\": ", headers: ["Content-Type": "application/json"])
        #expect(notJSON.status == 400)
        #expect(notJSON.errorCode == "invalid_json")
        #expect(notJSON.errorMessage.contains("line 1"))
        let form = h.send("POST", h.devices, key: h.clientKey, raw: "a=b", headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(form.status == 415)
        #expect(h.send("POST", h.devices, key: h.clientKey).status == 400)
        let large = h.send("POST", h.devices, key: h.clientKey, raw: String(repeating: " ", count: 3000) + "{}")
        #expect(large.status == 413)
        #expect(large.errorCode == "payload_too_large")
        let array = h.send("POST", h.devices, key: h.clientKey, raw: "[]")
        #expect(array.status == 400)
        #expect(array.errorMessage == "body: expected a JSON object, found an array")
    }
}
