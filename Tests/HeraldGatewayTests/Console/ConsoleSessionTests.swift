import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

@Suite("Console: session cookie, CSRF")
struct ConsoleSessionTests {
    static let console = ["X-Herald-Console": "1", "Host": "gw.example:8080"]

    static func signIn(_ h: APIHarness, key: String? = nil, app: String? = nil, headers: [String: String] = console) -> HTTPResponse {
        h.send(
            "POST", "/v1/console/session", json: ["appId": .string(app ?? h.appID), "serverKey": .string(key ?? h.serverKey)],
            headers: headers)
    }

    /// The cookie pair (`herald_console=...`) a sign-in answered.
    static func cookie(_ response: HTTPResponse) -> String? {
        response.header("Set-Cookie")?.split(separator: ";").first.map(String.init)
    }

    @Test(
        "the server key gives an HttpOnly, SameSite=Strict cookie with an expiry; a wrong key or unknown app gets 401",
        arguments: StoreKind.tested)
    func signIn(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let wrong = Self.signIn(h, key: h.otherServerKey)
        #expect(wrong.status == 401)
        #expect(wrong.errorMessage.contains("not the server key of app \(h.appID)"))
        #expect(wrong.header("Set-Cookie") == nil)
        #expect(Self.signIn(h, key: h.clientKey).status == 401, "the client key does not sign in")
        #expect(Self.signIn(h, app: "app_nope").errorCode == "unauthorized")

        let answer = Self.signIn(h)
        #expect(answer.status == 200)
        #expect(answer.json?["appId"]?.stringValue == h.appID)
        #expect(answer.json?["expiresAt"]?.doubleValue == h.clock.now.rounded(.down) + 43_200)
        let setCookie = try #require(answer.header("Set-Cookie"))
        for part in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=43200"] { #expect(setCookie.contains("; \(part)"), "\(part)") }
        #expect(!setCookie.contains("Secure"))
        ConsoleAssetsTests.expectSecurityHeaders(answer)
        let behindTLS = Self.signIn(h, headers: Self.console.merging(["X-Forwarded-Proto": "https"]) { $1 })
        #expect(behindTLS.header("Set-Cookie")?.hasSuffix("; Secure") == true)

        let cookie = try #require(Self.cookie(answer))
        let who = h.send("GET", "/v1/console/session", headers: ["Cookie": "other=1; " + cookie])
        #expect(who.status == 200)
        #expect(who.json?["appName"] != nil)
        #expect(h.send("GET", "/v1/console/session").status == 401)
    }

    @Test("signing in and out needs the console's header and the gateway's own origin", arguments: StoreKind.tested)
    func signInCSRF(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        #expect(Self.signIn(h, headers: ["Host": "gw.example:8080"]).errorCode == "csrf")
        let crossSite = Self.signIn(h, headers: Self.console.merging(["Origin": "https://evil.example"]) { $1 })
        #expect(crossSite.status == 403)
        #expect(crossSite.errorCode == "csrf")
        #expect(Self.signIn(h, headers: Self.console.merging(["Origin": "http://gw.example:8080"]) { $1 }).status == 200)
        #expect(h.send("DELETE", "/v1/console/session").errorCode == "csrf")
        let out = h.send("DELETE", "/v1/console/session", headers: Self.console)
        #expect(out.status == 204)
        #expect(out.header("Set-Cookie")?.hasPrefix("herald_console=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict") == true)
    }

    @Test("the cookie acts as its app's server key; a change needs X-Herald-Console and a same-origin Origin", arguments: StoreKind.tested)
    func cookieAuthorizes(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        _ = h.register(1)
        let cookie = try #require(Self.cookie(Self.signIn(h)))
        let publish: JSONValue = ["interests": ["news"], "notification": ["title": "Hi"]]
        #expect(h.send("GET", h.publishes, headers: ["Cookie": cookie]).status == 200)
        let forged = h.send("POST", h.publishes, json: publish, headers: ["Cookie": cookie])
        #expect(forged.status == 403)
        #expect(forged.errorCode == "csrf")
        #expect(h.published.count == 0)
        let otherOrigin = h.send(
            "POST", h.publishes, json: publish, headers: ["Cookie": cookie, "Origin": "null"].merging(Self.console) { $1 })
        #expect(otherOrigin.errorCode == "csrf")
        let sent = h.send("POST", h.publishes, json: publish, headers: ["Cookie": cookie].merging(Self.console) { $1 })
        #expect(sent.status == 202)
        #expect(h.published.count == 1)
        // Another app's endpoints: the cookie names one app only.
        let other = h.send("GET", "/v1/apps/app_other/publishes", headers: ["Cookie": cookie])
        #expect(other.status == 401)
        // A key in the Authorization header wins over the cookie, with its own rights.
        #expect(h.send("GET", h.publishes, key: h.clientKey, headers: ["Cookie": cookie]).status == 403)
    }

    @Test("a cookie stops working when it expires, when the server key is rotated, or when altered", arguments: StoreKind.tested)
    func cookieEnds(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let cookie = try #require(Self.cookie(Self.signIn(h)))
        let value = String(cookie.dropFirst("herald_console=".count))
        let parts = value.split(separator: ".").map(String.init)
        #expect(parts.count == 4)
        let longer = ["herald_console=" + parts[0], String(Int(parts[1])! + 86_400), parts[2], parts[3]].joined(separator: ".")
        #expect(h.send("GET", h.publishes, headers: ["Cookie": longer]).status == 401, "a later expiry breaks the MAC")
        let otherID = ["herald_console=" + parts[0], parts[1], String(repeating: "7", count: 32), parts[3]]
        #expect(h.send("GET", h.publishes, headers: ["Cookie": otherID.joined(separator: ".")]).status == 401, "so does another id")
        let otherApp = "herald_console=" + Base64URL.encode(Array("app_other".utf8)) + "." + parts[1...].joined(separator: ".")
        #expect(h.send("GET", "/v1/apps/app_other/publishes", headers: ["Cookie": otherApp]).status == 401)
        #expect(h.send("GET", h.publishes, headers: ["Cookie": "herald_console=garbage"]).status == 401)

        h.clock.now += ConsoleSession.lifetime - 1
        #expect(h.send("GET", h.publishes, headers: ["Cookie": cookie]).status == 200)
        h.clock.now += 1
        let expired = h.send("GET", h.publishes, headers: ["Cookie": cookie])
        #expect(expired.status == 401)
        #expect(expired.errorMessage.contains("sign in again"))

        let fresh = try #require(Self.cookie(Self.signIn(h)))
        #expect(h.send("GET", h.publishes, headers: ["Cookie": fresh]).status == 200)
        _ = try h.fixture.store.updateKeys(
            appID: h.appID, server: APIKey.hash("hsk_" + String(repeating: "e", count: 64)), client: nil, userTokenSecret: nil)
        #expect(h.send("GET", h.publishes, headers: ["Cookie": fresh]).status == 401, "rotating the server key ends its sessions")
    }

    @Test("signing out ends that session everywhere, copies of its cookie included; the app's other sessions go on", arguments: StoreKind.tested)
    func signOutEndsSession(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let first = try #require(Self.cookie(Self.signIn(h)))
        let second = try #require(Self.cookie(Self.signIn(h)))
        #expect(first != second, "two sign-ins in the same second are two sessions")
        #expect(h.send("DELETE", "/v1/console/session", headers: ["Cookie": first].merging(Self.console) { $1 }).status == 204)
        let copy = h.send("GET", h.publishes, headers: ["Cookie": first])
        #expect(copy.status == 401, "a copy of the signed-out cookie")
        #expect(copy.errorMessage.contains("signed out"))
        #expect(h.send("GET", "/v1/console/session", headers: ["Cookie": first]).status == 401)
        #expect(h.send("GET", h.publishes, headers: ["Cookie": second]).status == 200)
        #expect(try h.fixture.scalar("SELECT count(*) FROM console_signouts") == 1)
        // A record is dropped once its cookie would have expired anyway.
        h.clock.now += ConsoleSession.lifetime
        let third = try #require(Self.cookie(Self.signIn(h)))
        #expect(h.send("DELETE", "/v1/console/session", headers: ["Cookie": third].merging(Self.console) { $1 }).status == 204)
        #expect(try h.fixture.rows("SELECT app_id FROM console_signouts") == [h.appID])
        #expect(h.send("GET", h.publishes, headers: ["Cookie": third]).status == 401)
    }

    static func signIn(_ h: APIHarness, key: String, peer: String, forwardedFor: String? = nil) -> Int {
        var headers = console
        if let forwardedFor { headers["X-Forwarded-For"] = forwardedFor }
        return h.send(
            "POST", "/v1/console/session", json: ["appId": .string(h.appID), "serverKey": .string(key)], headers: headers, peer: peer
        ).status
    }

    @Test(
        "wrong keys are counted per app and client, apart from the devices' bucket; the right key still signs in",
        arguments: StoreKind.tested)
    func signInLimitedPerClient(kind: StoreKind) throws {
        let h = try APIHarness(kind, rateLimits: APIRateLimits(client: 1, clientBurst: 3, server: nil))
        let wrong = (0..<11).map { _ in Self.signIn(h, key: h.otherServerKey, peer: "203.0.113.9") }
        #expect(wrong == Array(repeating: 401, count: 10) + [429])
        let refused = Self.signIn(h, key: h.otherServerKey, peer: "203.0.113.9")
        #expect(refused == 429)
        #expect(h.register(1).status == 201, "the devices' bucket is untouched")
        #expect(Self.signIn(h, key: h.serverKey, peer: "198.51.100.7") == 200, "another address signs in")
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "198.51.100.7") == 401)
        // The refused address gets one try back every 6 s; a right key is never counted.
        h.clock.now += ConsoleSignInLimiter.interval
        #expect(Self.signIn(h, key: h.serverKey, peer: "203.0.113.9") == 200)
        #expect(Self.signIn(h, key: h.serverKey, peer: "203.0.113.9") == 200)
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "203.0.113.9") == 401)
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "203.0.113.9") == 429)
        // Another app's attempts from the same address are its own.
        let other = h.send(
            "POST", "/v1/console/session", json: ["appId": "app_other", "serverKey": .string(h.serverKey)], headers: Self.console,
            peer: "203.0.113.9")
        #expect(other.status == 401)
        // An IPv6 client is counted by its /64: a new address in it does not start afresh.
        for n in 0..<10 { _ = Self.signIn(h, key: h.otherServerKey, peer: "2001:db8:1:2::\(n + 1)") }
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "2001:db8:1:2:ffff::1") == 429)
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "2001:db8:1:3::1") == 401)
    }

    @Test("an app id no app has is limited like a real one, so the answers do not tell which ids exist", arguments: StoreKind.tested)
    func signInLimitHidesUnknownApps(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        func attempts(_ appID: String) -> [Int] {
            (0..<12).map { _ in
                h.send(
                    "POST", "/v1/console/session", json: ["appId": .string(appID), "serverKey": .string(h.otherServerKey)],
                    headers: Self.console, peer: "203.0.113.40"
                ).status
            }
        }
        let known = attempts(h.appID)
        let unknown = attempts("app_nobody")
        #expect(known == Array(repeating: 401, count: 10) + [429, 429])
        #expect(unknown == known)
    }

    @Test("behind a trusted proxy the client is the last address it forwards; anyone else's X-Forwarded-For is ignored")
    func signInBehindProxy() throws {
        let proxy = ConsoleSettings(trustedProxies: [IPRange("10.0.0.0/8")!])
        let h = try APIHarness(.sqlite, console: proxy)
        for _ in 0..<10 { _ = Self.signIn(h, key: h.otherServerKey, peer: "10.0.0.2", forwardedFor: "198.51.100.1, 203.0.113.9") }
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "10.0.0.2", forwardedFor: "203.0.113.9") == 429)
        // What the client wrote itself (left of the proxy's entry) changes nothing.
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "10.0.0.2", forwardedFor: "192.0.2.1, 203.0.113.9") == 429)
        #expect(Self.signIn(h, key: h.serverKey, peer: "10.0.0.3", forwardedFor: "198.51.100.20, 10.1.1.1") == 200)
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "10.0.0.3", forwardedFor: "198.51.100.20") == 401)
        // A client that is not the proxy cannot pick its address.
        for _ in 0..<10 { _ = Self.signIn(h, key: h.otherServerKey, peer: "192.0.2.50", forwardedFor: "192.0.2.77") }
        #expect(Self.signIn(h, key: h.otherServerKey, peer: "192.0.2.50", forwardedFor: "192.0.2.78") == 429)
    }

    @Test("the limiter forgets refilled clients past its capacity, then shares one bucket per app")
    func signInLimiterBounded() {
        let limiter = ConsoleSignInLimiter(capacity: 3)
        for n in 1...3 { limiter.failed(app: "app_a", client: IPAddress("192.0.2.\(n)"), now: 0) }
        #expect(limiter.tracked == 3)
        // Full, nothing refilled: a fourth client goes to the app's shared bucket.
        for _ in 0..<10 { limiter.failed(app: "app_a", client: IPAddress("192.0.2.4"), now: 0) }
        #expect(limiter.tracked == 4)
        #expect(limiter.wait(app: "app_a", client: IPAddress("192.0.2.5"), now: 0) != nil, "past the cap, new clients share it")
        #expect(limiter.wait(app: "app_a", client: IPAddress("192.0.2.1"), now: 0) == nil, "a tracked client keeps its own")
        // Once they have refilled, a new client's failure forgets them all.
        limiter.failed(app: "app_a", client: IPAddress("192.0.2.6"), now: 60)
        #expect(limiter.tracked == 1)
        #expect(limiter.wait(app: "app_a", client: IPAddress("192.0.2.5"), now: 60) == nil)
    }

    @Test("addresses and CIDR blocks parse, compare across spellings and count IPv6 by /64")
    func addresses() {
        #expect(IPAddress("::ffff:192.0.2.1") == IPAddress("192.0.2.1"))
        #expect(IPAddress("[2001:db8::1]") == IPAddress("2001:0db8:0:0::1"))
        #expect(IPAddress("2001:db8::1")?.limitKey == IPAddress("2001:db8::ffff:1")?.limitKey)
        #expect(IPAddress("192.0.2.1")?.limitKey == "192.0.2.1")
        #expect(IPAddress("example.com") == nil)
        #expect(IPAddress("") == nil)
        #expect(IPRange("10.0.0.0/8")?.contains(IPAddress("10.200.1.1")!) == true)
        #expect(IPRange("10.0.0.0/8")?.contains(IPAddress("11.0.0.1")!) == false)
        #expect(IPRange("192.168.1.128/25")?.contains(IPAddress("192.168.1.200")!) == true)
        #expect(IPRange("192.168.1.128/25")?.contains(IPAddress("192.168.1.100")!) == false)
        #expect(IPRange("fd00::/8")?.contains(IPAddress("fd12::1")!) == true)
        #expect(IPRange("fd00::/8")?.contains(IPAddress("10.0.0.1")!) == false)
        #expect(IPRange("127.0.0.1")?.contains(IPAddress("127.0.0.1")!) == true)
        #expect(IPRange("10.0.0.0/33") == nil)
        #expect(IPRange("10.0.0.0/") == nil)
    }
}
