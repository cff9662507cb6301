import Foundation
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

@Suite("Teams: scoped server keys and the audit log")
struct APIKeyScopeTests {
    /// Makes a key with `scopes` with the app's first server key: its id and secret.
    static func makeKey(_ api: APIHarness, _ name: String, _ scopes: [String]) throws -> (id: String, key: String) {
        let made = api.send(
            "POST", "/v1/apps/\(api.appID)/keys", key: api.serverKey,
            json: ["name": .string(name), "scopes": .array(scopes.map(JSONValue.string))])
        #expect(made.status == 201, "\(made.json ?? .null)")
        let body = made.json?.objectValue ?? [:]
        return (try #require(body["id"]?.stringValue), try #require(body["key"]?.stringValue))
    }

    static func audit(_ api: APIHarness, _ query: String = "") -> [[String: JSONValue]] {
        let answer = api.send("GET", "/v1/apps/\(api.appID)/audit" + query, key: api.serverKey)
        #expect(answer.status == 200, "\(answer.json ?? .null)")
        return (answer.json?["entries"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    static func message(_ response: HTTPResponse) -> String { response.json?["error"]?["message"]?.stringValue ?? "" }

    @Test("every route declares its scope beside its access; every route that changes something names its audit action")
    func routeTable() {
        for route in GatewayAPI.routes {
            #expect((route.access == nil) == (route.scope == nil), "\(route.name): a route with a key needs a scope, one without none")
            let changes = ["POST", "PUT", "PATCH", "DELETE"].contains(route.method)
            // Reads sent as POST (a body to read with): counting, linting, previewing change nothing.
            if route.access != nil, changes, !["audience", "lint_publish", "preview_publish"].contains(route.name) {
                #expect(route.audit != nil, "\(route.name) changes something and names no audit action")
            }
            #expect(route.scope != .members || route.access == .server)
        }
    }

    @Test("a key does what its scopes allow and nothing else: 403 naming its scopes; the key is shown once, listed with its last use", arguments: StoreKind.tested)
    func scopes(kind: StoreKind) throws {
        let api = try APIHarness(kind)
        try api.fixture.register(2)
        let publisher = try Self.makeKey(api, "ci-backend", ["publish"])
        let reader = try Self.makeKey(api, "dashboard", ["read"])
        #expect(publisher.key.hasPrefix("hsk_") && publisher.key.count == 68)
        let publish = api.send("POST", api.publishes, key: publisher.key, json: ["interests": ["news"], "apns": ["aps": ["alert": "hi"]]])
        #expect(publish.status == 202, "\(publish.json ?? .null)")
        let publishID = try #require(publish.json?["publishId"]?.stringValue)
        // The publisher may not read, the reader may not publish, neither may act as an admin.
        let read = api.send("GET", api.publishes + "/" + publishID, key: publisher.key)
        #expect(read.status == 403 && read.json?["error"]?["code"] == "forbidden")
        #expect(Self.message(read).contains("'read'") && Self.message(read).contains("has publish"), "\(Self.message(read))")
        #expect(api.send("GET", api.publishes + "/" + publishID, key: reader.key).status == 200)
        let refused = api.send("POST", api.publishes, key: reader.key, json: ["interests": ["news"], "apns": ["aps": ["alert": "no"]]])
        #expect(refused.status == 403 && Self.message(refused).contains("'publish'"))
        #expect(api.send("GET", "/v1/apps/\(api.appID)/webhooks", key: reader.key).status == 403)
        #expect(api.send("POST", "/v1/apps/\(api.appID)/keys", key: reader.key, json: ["name": "x", "scopes": ["admin"]]).status == 403)
        #expect(api.send("DELETE", api.devices + "/anything", key: reader.key).status == 403)
        // A key of this app is no key of another.
        #expect(api.send("GET", "/v1/apps/app_other/publishes", key: reader.key).status == 401)
        // Listed without secrets, with scopes and last use; the first server key first.
        let listed = api.send("GET", "/v1/apps/\(api.appID)/keys", key: api.serverKey).json?["keys"]?.arrayValue ?? []
        #expect(listed.first?["id"] == "server")
        #expect(Set(listed.compactMap { $0["id"]?.stringValue }) == ["server", publisher.id, reader.id])
        #expect(listed.allSatisfy { $0["key"] == nil })
        let listedPublisher = try #require(listed.first { $0["id"] == .string(publisher.id) })
        #expect(listedPublisher["scopes"] == ["publish"] && listedPublisher["createdBy"] == "server")
        #expect(listedPublisher["lastUsedAt"]?.doubleValue == api.clock.now, "\(listedPublisher)")
    }

    @Test("a revoked key is refused at once with 401; the audit log names who did what and what was refused, and holds no secret", arguments: StoreKind.tested)
    func revokeAndAudit(kind: StoreKind) throws {
        let api = try APIHarness(kind)
        try api.fixture.register(1)
        let publisher = try Self.makeKey(api, "ci-backend", ["publish"])
        let publish = api.send(
            "POST", api.publishes, key: publisher.key, json: ["interests": ["news"], "apns": ["aps": ["alert": "hi"]]],
            headers: ["X-Forwarded-For": "203.0.113.9"], peer: "127.0.0.1")
        let publishID = try #require(publish.json?["publishId"]?.stringValue)
        _ = api.send("GET", api.publishes + "/" + publishID, key: publisher.key)
        #expect(api.send("DELETE", "/v1/apps/\(api.appID)/keys/\(publisher.id)", key: api.serverKey).status == 204)
        let revoked = api.send("POST", api.publishes, key: publisher.key, json: ["interests": ["news"], "apns": ["aps": ["alert": "hi"]]])
        #expect(revoked.status == 401 && revoked.json?["error"]?["code"] == "key_revoked")
        #expect(api.send("DELETE", "/v1/apps/\(api.appID)/keys/server", key: api.serverKey).status == 409)
        #expect(api.send("DELETE", "/v1/apps/\(api.appID)/keys/key_nope", key: api.serverKey).status == 404)

        let entries = Self.audit(api)
        let summary = entries.map { "\($0["action"]?.stringValue ?? "") \($0["outcome"]?.stringValue ?? "") \($0["actor"]?["id"]?.stringValue ?? "")" }
        #expect(
            summary == [
                "publish.create denied \(publisher.id)", "key.revoke ok server", "read.get_publish denied \(publisher.id)",
                "publish.create ok \(publisher.id)", "key.create ok server",
            ], "\(summary)")
        let created = entries[3]
        #expect(created["target"] == .string(publishID))
        #expect(created["actor"] == ["type": "key", "id": .string(publisher.id), "name": "ci-backend"])
        #expect(created["at"]?.stringValue?.hasSuffix("Z") == true && created["id"]?.stringValue?.hasPrefix("aud_") == true)
        #expect(entries[0]["detail"]?.stringValue?.contains("key_revoked") == true)
        #expect(entries[4]["target"] == .string(publisher.id))
        // Oldest first after a cursor; filters by actor and by an action's family.
        let oldest = try #require(entries.last?["id"]?.stringValue)
        #expect(Self.audit(api, "?after=\(oldest)").count == 4)
        #expect(Self.audit(api, "?actor=\(publisher.id)").count == 3)
        #expect(Self.audit(api, "?action=key.").compactMap { $0["action"]?.stringValue } == ["key.revoke", "key.create"])
        #expect(api.send("GET", "/v1/apps/\(api.appID)/audit?after=nope", key: api.serverKey).status == 400)
        // No key is stored as given: the tables hold hashes only.
        let raw = try api.fixture.rows("SELECT key_hash FROM api_keys") + api.fixture.rows("SELECT detail FROM audit_log")
        #expect(!raw.contains { $0?.contains(publisher.key.dropFirst(4)) == true })
    }

    @Test("bad key requests are refused naming the field, and nothing is made", arguments: StoreKind.tested)
    func badInput(kind: StoreKind) throws {
        let api = try APIHarness(kind)
        let path = "/v1/apps/\(api.appID)/keys"
        for (json, field) in [
            (["name": "x", "scopes": ["publish", "launch"]] as JSONValue, "scopes[1]"), (["name": "x", "scopes": ["members"]], "scopes[0]"),
            (["name": "x", "scopes": []], "scopes"), (["name": " ", "scopes": ["read"]], "name"), (["scopes": ["read"]], "name"),
            (["name": "x", "scopes": ["read", "read"]], "scopes[1]"), (["name": "x", "scopes": ["read"], "role": "owner"], "role"),
        ] {
            let refused = api.send("POST", path, key: api.serverKey, json: json)
            #expect(refused.status == 400, "\(json)")
            #expect(Self.message(refused).contains(field), "\(json): \(Self.message(refused))")
        }
        #expect(api.send("GET", path, key: api.serverKey).json?["keys"]?.arrayValue?.count == 1)
        #expect(Self.audit(api).isEmpty)
    }

    @Test("a key revoked on one gateway is refused by another sharing the PostgreSQL database at its next request")
    func revokedOnSecondGateway() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let api = try APIHarness(.postgres)
        let second = try PostgresStore(url: api.fixture.location, connections: 2)
        let other = GatewayAPI(store: second, rateLimits: .unlimited, now: { api.clock.now })
        let reader = try Self.makeKey(api, "dashboard", ["read"])
        let path = "/v1/apps/\(api.appID)/publishes"
        func status(_ gateway: GatewayAPI) -> Int {
            gateway.handle(HTTPRequest(method: "GET", path: path, query: "", headers: ["Authorization": "Bearer \(reader.key)"], body: [])).status
        }
        #expect(status(other) == 200)
        #expect(api.send("DELETE", "/v1/apps/\(api.appID)/keys/\(reader.id)", key: api.serverKey).status == 204)
        #expect(status(other) == 401)
    }
}
