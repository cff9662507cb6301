import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

@Suite("Console: a session made on one gateway is honoured by another on the same PostgreSQL database")
struct ConsoleSessionPostgresTests {
    @Test("sign in on one gateway, read and publish through another; signing out or rotating the key on either ends it")
    func sharedDatabase() throws {
        let h = try APIHarness(.postgres)
        let other = try PostgresStore(url: h.fixture.location, connections: 2)
        let clock = h.clock
        let second = GatewayAPI(store: other, rateLimits: .unlimited, now: { clock.now })
        let cookie = try #require(ConsoleSessionTests.cookie(ConsoleSessionTests.signIn(h)))
        let headers = ["Cookie": cookie].merging(ConsoleSessionTests.console) { $1 }
        let list = second.handle(HTTPRequest(method: "GET", path: "/v1/apps/\(h.appID)/publishes", headers: ["Cookie": cookie]))
        #expect(list.status == 200)
        let body = Array(#"{"interests": ["news"], "notification": {"title": "From the other gateway"}}"#.utf8)
        let publish = second.handle(
            HTTPRequest(
                method: "POST", path: "/v1/apps/\(h.appID)/publishes",
                headers: headers.merging(["Content-Type": "application/json"]) { $1 },
                body: body))
        #expect(publish.status == 202)
        let copy = try #require(ConsoleSessionTests.cookie(ConsoleSessionTests.signIn(h)))
        let out = second.handle(HTTPRequest(method: "DELETE", path: "/v1/console/session", headers: ["Cookie": copy].merging(ConsoleSessionTests.console) { $1 }))
        #expect(out.status == 204)
        #expect(h.send("GET", h.publishes, headers: ["Cookie": copy]).status == 401, "signed out through the other gateway")
        _ = try other.updateKeys(
            appID: h.appID, server: APIKey.hash("hsk_" + String(repeating: "f", count: 64)), client: nil, userTokenSecret: nil)
        #expect(h.send("GET", h.publishes, headers: ["Cookie": cookie]).status == 401, "the key rotated through the other gateway")
    }
}
