import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

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
        let longer = ["herald_console=" + parts[0], String(Int(parts[1])! + 86_400), parts[2]].joined(separator: ".")
        #expect(h.send("GET", h.publishes, headers: ["Cookie": longer]).status == 401, "a later expiry breaks the MAC")
        let otherApp = "herald_console=" + Base64URL.encode(Array("app_other".utf8)) + "." + parts[1] + "." + parts[2]
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

    @Test("sign-in attempts count against the app's client-side rate", arguments: StoreKind.tested)
    func signInRateLimited(kind: StoreKind) throws {
        let h = try APIHarness(kind, rateLimits: APIRateLimits(client: 1, clientBurst: 3, server: nil))
        let answers = (0..<4).map { _ in Self.signIn(h, key: h.otherServerKey).status }
        #expect(answers == [401, 401, 401, 429])
    }
}
