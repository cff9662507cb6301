import Foundation
import HeraldAuth
import HeraldServerTestSupport
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// A person signed in to the console: their cookie, sent with the console's header.
struct Person {
    let email: String
    let cookie: String
    var headers: [String: String] { ["Cookie": cookie, "X-Herald-Console": "1"] }
}

@Suite("Teams: people, roles, invites, TOTP and sessions")
struct APIPeopleTests {
    /// A harness whose passwords hash at a test's cost (scrypt N = 2^10).
    static func harness(_ kind: StoreKind, accountsOnly: Bool = false) throws -> APIHarness {
        try APIHarness(kind, console: ConsoleSettings(accountsOnly: accountsOnly, passwordCost: 10))
    }

    static let password = "correct horse battery staple"

    /// Accepts `invite` with the password: the person, signed in.
    static func accept(_ api: APIHarness, _ invite: String, email: String, password: String = password) throws -> Person {
        let accepted = api.send(
            "POST", "/v1/console/invites/accept", json: ["invite": .string(invite), "password": .string(password)],
            headers: ["X-Herald-Console": "1"])
        #expect(accepted.status == 201, "\(accepted.json ?? .null)")
        let setCookie = try #require(accepted.headers.first { $0.0.lowercased() == "set-cookie" }?.1)
        return Person(email: email, cookie: String(setCookie.prefix { $0 != ";" }))
    }

    /// The app's first owner, invited as `herald member invite` does.
    static func owner(_ api: APIHarness, _ email: String = "olive@example.com") throws -> Person {
        let invite = try MemberInvites.make(store: api.fixture.store, appID: api.appID, email: email, role: .owner, now: api.clock.now)
        return try accept(api, invite.token, email: email)
    }

    /// A member the owner adds with `role`.
    static func member(_ api: APIHarness, _ owner: Person, _ email: String, _ role: String) throws -> Person {
        let added = api.send(
            "POST", "/v1/apps/\(api.appID)/members", json: ["email": .string(email), "role": .string(role)], headers: owner.headers)
        #expect(added.status == 201, "\(added.json ?? .null)")
        return try accept(api, try #require(added.json?["invite"]?.stringValue), email: email)
    }

    static func send(_ api: APIHarness, _ method: String, _ path: String, as person: Person, json: JSONValue? = nil) -> HTTPResponse {
        api.send(method, "/v1/apps/\(api.appID)" + path, json: json, headers: person.headers)
    }

    static let publishBody: JSONValue = ["interests": ["news"], "apns": ["aps": ["alert": "hi"]]]

    @Test("three people and two keys: each allowed and refused exactly as the roles and scopes say; the audit log names them", arguments: StoreKind.tested)
    func roles(kind: StoreKind) throws {
        let api = try Self.harness(kind)
        try api.fixture.register(1)
        let owner = try Self.owner(api)
        let sender = try Self.member(api, owner, "sam@example.com", "sender")
        let viewer = try Self.member(api, owner, "vera@example.com", "viewer")
        let publisher = try APIKeyScopeTests.makeKey(api, "backend", ["publish"])
        let reader = try APIKeyScopeTests.makeKey(api, "dashboard", ["read"])
        let sent = Self.send(api, "POST", "/publishes", as: sender, json: Self.publishBody)
        #expect(sent.status == 202)
        let publishID = try #require(sent.json?["publishId"]?.stringValue)
        // (method, path, body, who may) over the five callers: owner, sender, viewer, publisher key, reader key.
        let table: [(String, String, JSONValue?, [Bool])] = [
            ("POST", "/publishes", Self.publishBody, [true, true, false, true, false]),
            ("GET", "/publishes/\(publishID)", nil, [true, true, true, false, true]),
            ("GET", "/publishes", nil, [true, true, true, false, true]),
            ("POST", "/lint", Self.publishBody, [true, true, false, true, false]),
            ("POST", "/users/u1/inbox", ["title": "t", "body": "b"], [true, true, false, false, false]),
            ("GET", "/users/u1/inbox", nil, [true, true, true, false, true]),
            ("GET", "/users/u1/export", nil, [true, false, false, false, false]),
            ("GET", "/webhooks", nil, [true, false, false, false, false]),
            ("GET", "/keys", nil, [true, false, false, false, false]),
            ("GET", "/audit", nil, [true, false, false, false, false]),
            ("GET", "/members", nil, [true, false, false, false, false]),
        ]
        for (method, path, body, allowed) in table {
            let answers = [
                Self.send(api, method, path, as: owner, json: body), Self.send(api, method, path, as: sender, json: body),
                Self.send(api, method, path, as: viewer, json: body),
                api.send(method, "/v1/apps/\(api.appID)" + path, key: publisher.key, json: body),
                api.send(method, "/v1/apps/\(api.appID)" + path, key: reader.key, json: body),
            ]
            for (index, answer) in answers.enumerated() {
                #expect((answer.status != 403) == allowed[index], "\(method) \(path) by caller \(index): \(answer.status) \(answer.json ?? .null)")
                #expect(answer.status < 500)
            }
        }
        let refused = Self.send(api, "POST", "/publishes", as: viewer, json: Self.publishBody)
        #expect(APIKeyScopeTests.message(refused).contains("role viewer") && APIKeyScopeTests.message(refused).contains("'publish'"))
        // The audit log names the sender's publish by e-mail and the viewer's refused one.
        let entries = APIKeyScopeTests.audit(api, "?action=publish.create&limit=1000")
        #expect(entries.contains { $0["actor"] == ["type": "member", "email": "sam@example.com"] && $0["target"] == .string(publishID) && $0["outcome"] == "ok" })
        #expect(entries.contains { $0["actor"]?["email"] == "vera@example.com" && $0["outcome"] == "denied" })
        #expect(APIKeyScopeTests.audit(api, "?action=member.add").count == 2)
        // No password is stored as given.
        let hashes = try api.fixture.rows("SELECT password_hash FROM accounts")
        #expect(hashes.count == 3 && hashes.allSatisfy { $0?.hasPrefix("$scrypt$ln=10,r=8,p=1$") == true && $0?.contains(Self.password) == false })
        // Nor any password, key or session token in the database's files (SQLite: the file and its log).
        if kind == .sqlite {
            let folder = URL(fileURLWithPath: api.fixture.location)
            var bytes: [UInt8] = []
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                bytes += (try? Data(contentsOf: folder.appendingPathComponent(name))).map(Array.init) ?? []
            }
            let token = String(owner.cookie.split(separator: ".").last ?? "")
            for secret in [Self.password, publisher.key, reader.key, token] {
                let needle = Array(secret.utf8)
                let found = bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { bytes[$0] == needle[0] && Array(bytes[$0..<($0 + needle.count)]) == needle }
                #expect(!found, "\(secret.prefix(8))… is in the database's files as given")
            }
        }
    }

    @Test("the last owner cannot be removed or demoted; a removed member and a changed role hold from the next request", arguments: StoreKind.tested)
    func membership(kind: StoreKind) throws {
        let api = try Self.harness(kind)
        let owner = try Self.owner(api)
        let sender = try Self.member(api, owner, "sam@example.com", "sender")
        #expect(Self.send(api, "DELETE", "/members/olive@example.com", as: owner).status == 409)
        #expect(Self.send(api, "PUT", "/members/olive@example.com", as: owner, json: ["role": "admin"]).status == 409)
        #expect(Self.send(api, "PUT", "/members/sam@example.com", as: owner, json: ["role": "viewer"]).status == 200)
        #expect(Self.send(api, "POST", "/publishes", as: sender, json: Self.publishBody).status == 403)
        #expect(Self.send(api, "DELETE", "/members/sam@example.com", as: owner).status == 204)
        let gone = Self.send(api, "GET", "/publishes", as: sender)
        #expect(gone.status == 403 && APIKeyScopeTests.message(gone).contains("no member"))
        let members = Self.send(api, "GET", "/members", as: owner).json?["members"]?.arrayValue ?? []
        #expect(members.compactMap { $0["email"]?.stringValue } == ["olive@example.com"])
        for (json, field) in [
            (["email": "not-an-address", "role": "viewer"] as JSONValue, "email"), (["email": "a@example.com", "role": "god"], "role"),
        ] {
            let bad = Self.send(api, "POST", "/members", as: owner, json: json)
            #expect(bad.status == 400 && APIKeyScopeTests.message(bad).contains(field), "\(json)")
        }
    }

    @Test("an invite works once and within 72 hours; a weak password is refused naming it and nothing is made", arguments: StoreKind.tested)
    func invites(kind: StoreKind) throws {
        let api = try Self.harness(kind)
        let invite = try MemberInvites.make(store: api.fixture.store, appID: api.appID, email: "olive@example.com", role: .owner, now: api.clock.now)
        for weak in ["short", "olive@example.com", "password12345", "123456789012", "qwertyuiopas", "aaaaaaaaaaaaaa"] {
            let refused = api.send(
                "POST", "/v1/console/invites/accept", json: ["invite": .string(invite.token), "password": .string(weak)],
                headers: ["X-Herald-Console": "1"])
            #expect(refused.status == 400 && APIKeyScopeTests.message(refused).contains("password"), "\(weak): \(refused.json ?? .null)")
        }
        #expect(try api.fixture.scalar("SELECT count(*) FROM accounts") == 0)
        _ = try Self.accept(api, invite.token, email: "olive@example.com")
        let again = api.send(
            "POST", "/v1/console/invites/accept", json: ["invite": .string(invite.token), "password": .string(Self.password)],
            headers: ["X-Herald-Console": "1"])
        #expect(again.status == 400 && APIKeyScopeTests.message(again).contains("used"))
        let late = try MemberInvites.make(store: api.fixture.store, appID: api.appID, email: "late@example.com", role: .viewer, now: api.clock.now)
        api.clock.now += MemberInvites.lifetime + 1
        let expired = api.send(
            "POST", "/v1/console/invites/accept", json: ["invite": .string(late.token), "password": .string(Self.password)],
            headers: ["X-Herald-Console": "1"])
        #expect(expired.status == 400 && APIKeyScopeTests.message(expired).contains("expired"))
        let tokens = try api.fixture.rows("SELECT token_hash FROM invites")
        #expect(!tokens.contains { $0 == invite.token || $0 == late.token })
    }

    @Test("sign-in by password; 30 wrong passwords in a row get 429; sessions listed and ended at once", arguments: StoreKind.tested)
    func signIn(kind: StoreKind) throws {
        let api = try Self.harness(kind)
        let owner = try Self.owner(api)
        var statuses: [Int] = []
        for _ in 0..<30 {
            statuses.append(
                api.send("POST", "/v1/console/session", json: ["email": "olive@example.com", "password": "wrong password here"], headers: ["X-Herald-Console": "1"]).status)
        }
        #expect(statuses.prefix(10).allSatisfy { $0 == 401 } && statuses.suffix(20).allSatisfy { $0 == 429 }, "\(statuses)")
        // Another address is not locked out by them.
        let signedIn = api.send(
            "POST", "/v1/console/session", json: ["email": "Olive@Example.com", "password": .string(Self.password)],
            headers: ["X-Herald-Console": "1"], peer: "198.51.100.7")
        #expect(signedIn.status == 200, "\(signedIn.json ?? .null)")
        #expect(signedIn.json?["apps"]?[0]?["role"] == "owner")
        let listed = api.send("GET", "/v1/console/sessions", headers: owner.headers).json?["sessions"]?.arrayValue ?? []
        #expect(listed.count == 2 && listed.filter { $0["current"] == true }.count == 1)
        let other = try #require(listed.first { $0["current"] == false }?["id"]?.stringValue)
        #expect(api.send("DELETE", "/v1/console/sessions/\(other)", headers: owner.headers).status == 204)
        let cookie = try #require(signedIn.headers.first { $0.0.lowercased() == "set-cookie" }?.1.prefix { $0 != ";" })
        #expect(api.send("GET", "/v1/console/session", headers: ["Cookie": String(cookie)]).status == 401)
        #expect(api.send("GET", "/v1/apps/\(api.appID)/publishes", headers: ["Cookie": String(cookie)]).status == 401)
        // The unknown e-mail and the wrong password get the same answer.
        let unknown = api.send("POST", "/v1/console/session", json: ["email": "nobody@example.com", "password": "wrong password here"], headers: ["X-Herald-Console": "1"], peer: "198.51.100.8")
        #expect(unknown.status == 401 && APIKeyScopeTests.message(unknown).contains("wrong e-mail or password"))
        // One address trying many accounts is slowed too, whatever the account.
        let sprayed = (0..<31).map { n in
            api.send(
                "POST", "/v1/console/session", json: ["email": .string("user\(n)@example.com"), "password": "wrong password here"],
                headers: ["X-Herald-Console": "1"], peer: "198.51.100.9"
            ).status
        }
        #expect(sprayed.prefix(30).allSatisfy { $0 == 401 } && sprayed.last == 429, "\(sprayed)")
    }

    @Test("TOTP: a code from an independent implementation (pyotp) signs in once and not twice; an owner resets it", arguments: StoreKind.tested)
    func totp(kind: StoreKind) throws {
        let api = try Self.harness(kind)
        let owner = try Self.owner(api)
        let viewer = try Self.member(api, owner, "vera@example.com", "viewer")
        let started = api.send("POST", "/v1/console/totp", headers: viewer.headers)
        #expect(started.status == 200)
        let secret = try #require(started.json?["secret"]?.stringValue)
        #expect(started.json?["uri"]?.stringValue?.hasPrefix("otpauth://totp/Herald:vera@example.com?secret=\(secret)") == true)
        func code(at time: Double) throws -> String {
            try PythonTools.run("import pyotp, sys; print(pyotp.TOTP(sys.argv[1]).at(int(float(sys.argv[2]))))", [secret, String(time)])
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let right = try code(at: api.clock.now)
        let wrong = right == "000000" ? "000001" : "000000"
        #expect(api.send("POST", "/v1/console/totp/confirm", json: ["code": .string(wrong)], headers: viewer.headers).status == 400)
        #expect(api.send("POST", "/v1/console/totp/confirm", json: ["code": .string(right)], headers: viewer.headers).status == 200)
        api.clock.now += 60
        let credentials: JSONValue = ["email": "vera@example.com", "password": .string(Self.password)]
        let withoutCode = api.send("POST", "/v1/console/session", json: credentials, headers: ["X-Herald-Console": "1"])
        #expect(withoutCode.status == 401 && withoutCode.json?["error"]?["code"] == "totp_required")
        var withCode = credentials.objectValue ?? [:]
        withCode["totp"] = .string(try code(at: api.clock.now))
        #expect(api.send("POST", "/v1/console/session", json: .object(withCode), headers: ["X-Herald-Console": "1"]).status == 200)
        let replay = api.send("POST", "/v1/console/session", json: .object(withCode), headers: ["X-Herald-Console": "1"])
        #expect(replay.status == 401 && APIKeyScopeTests.message(replay).contains("used"))
        #expect(Self.send(api, "DELETE", "/members/vera@example.com/totp", as: owner).status == 204)
        #expect(api.send("POST", "/v1/console/session", json: credentials, headers: ["X-Herald-Console": "1"]).status == 200)
    }

    @Test("an invite for an existing account checks its password, paced as a sign-in: wrong ones are 400, then 429", arguments: StoreKind.tested)
    func inviteForExistingAccount(kind: StoreKind) throws {
        let api = try Self.harness(kind)
        _ = try Self.owner(api)
        let invite = try MemberInvites.make(store: api.fixture.store, appID: api.appID, email: "olive@example.com", role: .viewer, now: api.clock.now)
        let statuses = (0..<11).map { _ in
            api.send(
                "POST", "/v1/console/invites/accept", json: ["invite": .string(invite.token), "password": "not the password at all"],
                headers: ["X-Herald-Console": "1"]
            ).status
        }
        #expect(statuses.prefix(10).allSatisfy { $0 == 400 } && statuses.last == 429, "\(statuses)")
    }

    @Test("--console-accounts-only refuses the server-key sign-in", arguments: StoreKind.tested)
    func accountsOnly(kind: StoreKind) throws {
        let api = try Self.harness(kind, accountsOnly: true)
        let refused = api.send(
            "POST", "/v1/console/session", json: ["appId": .string(api.appID), "serverKey": .string(api.serverKey)],
            headers: ["X-Herald-Console": "1"])
        #expect(refused.status == 403)
        _ = try Self.owner(api)
    }

    @Test("a removed member is refused at once by a second gateway sharing the PostgreSQL database")
    func removedOnSecondGateway() throws {
        guard StoreKind.tested.contains(.postgres) else { return }
        let api = try Self.harness(.postgres)
        let second = try PostgresStore(url: api.fixture.location, connections: 2)
        let other = GatewayAPI(store: second, rateLimits: .unlimited, now: { api.clock.now }, console: ConsoleSettings(passwordCost: 10))
        let owner = try Self.owner(api)
        let sender = try Self.member(api, owner, "sam@example.com", "sender")
        func status() -> Int {
            other.handle(HTTPRequest(method: "GET", path: "/v1/apps/\(api.appID)/publishes", query: "", headers: sender.headers, body: [])).status
        }
        #expect(status() == 200)
        #expect(Self.send(api, "DELETE", "/members/sam@example.com", as: owner).status == 204)
        #expect(status() == 403)
    }
}
