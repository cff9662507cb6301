import Foundation
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing

@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// Text that one store could keep and the other could not is refused alike, and a
/// database failure is answered without its detail (which goes to the gateway's log).
@Suite("API: text fields and database failures")
struct APITextFieldTests {
    @Test("NUL (U+0000) in an idempotency key, an interest, a user id or the path: refused, naming where; nothing stored", arguments: StoreKind.tested)
    func nul(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let publish = h.publish(["interests": ["news"], "notification": ["title": "x"], "idempotencyKey": "order\u{0}7"])
        #expect(publish.status == 400 && publish.errorMessage.contains("idempotencyKey"), "\(publish.errorMessage)")
        #expect(publish.errorMessage.contains("U+0000"))
        let interest = h.register(1, interests: ["news", "sp\u{0}orts"])
        #expect(interest.status == 400 && interest.errorMessage.contains("interests[1]"), "\(interest.errorMessage)")
        let user = h.send(
            "POST", h.devices, key: h.clientKey,
            json: ["token": .string(StoreFixture.token(2)), "environment": "production", "userId": "al\u{0}ice", "userToken": "x"])
        #expect(user.status == 400 && user.errorMessage.contains("userId"), "\(user.errorMessage)")
        let path = h.send("GET", "/v1/apps/\(h.appID)/devices/dev%00x", key: h.serverKey)
        #expect(path.status == 404)
        #expect(try h.fixture.scalar("SELECT count(*) FROM publishes") == 0)
        #expect(try h.fixture.scalar("SELECT count(*) FROM devices") == 0)
    }

    @Test("the database stopped: 503 says only that it cannot be reached; the log has the detail, once a second")
    func failureDetailInTheLog() throws {
        let server = try PostgresTestServer()
        defer { server.stop() }
        let database = try PostgresTestDatabase(server: server)
        let store = try PostgresStore(url: database.url)
        let logger = CollectingLogger()
        let clock = APIHarness.Clock()
        let api = GatewayAPI(store: store, now: { clock.now }, logger: logger)
        server.stop()
        for _ in 0..<5 {
            let response = api.handle(
                HTTPRequest(method: "GET", path: "/v1/apps/app_x/devices/dev_x", headers: ["Authorization": "Bearer hsk_x"], body: []))
            #expect(response.status == 503)
            let text = String(decoding: response.body, as: UTF8.self)
            #expect(text.contains("the database cannot be reached now; retry later"), "\(text)")
            #expect(!text.contains("PostgreSQL") && !text.contains("SELECT") && !text.contains(server.folder), "\(text)")
        }
        clock.now += 1
        _ = api.handle(HTTPRequest(method: "GET", path: "/v1/apps/app_x/devices/dev_x", headers: ["Authorization": "Bearer hsk_x"], body: []))
        let lines = logger.messages
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.contains("PostgreSQL") == true, "\(lines)")
        #expect(lines.last?.contains("and 4 more like it") == true, "\(lines)")
    }
}
