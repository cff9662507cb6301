import Foundation
import HeraldAPNsModel
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// A whole gateway over real sockets on a PostgreSQL server that is frozen (every process
/// stopped, its kernel still accepting and acknowledging): what a load balancer and the
/// app's devices see while it lasts, and after.
@Suite("PostgreSQL frozen under a running gateway")
struct PostgresFrozenGatewayTests {
    /// A status and how long it took to come, or nil when nothing came within `timeout`.
    private static func timed(
        _ port: UInt16, _ method: String, _ path: String, key: String? = nil, _ body: JSONValue? = nil, timeout: Double = 8
    ) -> (status: Int?, seconds: Double) {
        let started = Date()
        var headers: [String: String] = [:]
        if let key { headers["Authorization"] = "Bearer \(key)" }
        if body != nil { headers["Content-Type"] = "application/json" }
        let response = try? RawHTTPClient.request(
            port: port, method, path, headers: headers, body: body.map { Array(JSONWriter.serialize($0).utf8) } ?? [], timeout: timeout)
        return (response?.status, Date().timeIntervalSince(started))
    }

    @Test(
        "/healthz answers within a second and turns 503, API requests get 503 within their deadline, files and 404s answer at once; all is well after"
    )
    func frozenDatabase() throws {
        let server = try PostgresTestServer()
        let database = try PostgresTestDatabase(server: server)
        defer { database.drop() }
        var http = HTTPServer.Configuration()
        http.handlerThreads = 4
        http.handlerTimeoutSeconds = 4
        let store = try PostgresStore(url: database.tcpURL, connections: http.handlerThreads + 3, timeout: 1)
        let service = try GatewayService(
            store: store, listen: ListenAddress(host: "127.0.0.1", port: 0), http: http, deliverer: FakeDeliverer())
        defer { service.stop() }
        let app = try AppProvisioning(store: store).create(
            name: "Frozen", bundleID: "com.example.frozen", credentials: [], rateLimit: nil, now: Date().timeIntervalSince1970)
        let port = service.port
        let devices = "/v1/apps/\(app.appID)/devices"
        let register = { (n: Int) in
            Self.timed(
                port, "POST", devices, key: app.clientKey.secret, ["token": .string(StoreFixture.token(n)), "environment": "production"])
        }
        #expect(register(1).status == 201)
        #expect(Self.timed(port, "GET", "/healthz").status == 200)

        var health: [(status: Int?, seconds: Double)] = []
        var registrations: [(status: Int?, seconds: Double)] = []
        var others: [(status: Int?, seconds: Double)] = []
        try server.whileFrozen {
            for n in 0..<6 {
                health.append(Self.timed(port, "GET", "/healthz"))
                if n % 2 == 0 { registrations.append(register(100 + n)) }
                Thread.sleep(forTimeInterval: 0.3)
            }
            others = [Self.timed(port, "GET", "/console"), Self.timed(port, "GET", "/v2/nothing"), Self.timed(port, "GET", "/metrics")]
        }
        #expect(health.allSatisfy { $0.status != nil && $0.seconds < 1 }, "every health answer within a second: \(health)")
        #expect(health.last?.status == 503, "the health check says the store does not answer: \(health)")
        #expect(
            registrations.allSatisfy { $0.status == 503 && $0.seconds < Double(http.handlerTimeoutSeconds) },
            "registrations get 503 within their deadline: \(registrations)")
        #expect(others.map(\.status) == [200, 404, 200])
        #expect(others.allSatisfy { $0.seconds < 1 }, "\(others)")

        // Thawed: the store answers again and so does the gateway.
        let deadline = Date().addingTimeInterval(10)
        var after = register(200)
        while after.status != 201, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            after = register(200)
        }
        #expect(after.status == 201)
        var healthy = Self.timed(port, "GET", "/healthz")
        while healthy.status != 200, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            healthy = Self.timed(port, "GET", "/healthz")
        }
        #expect(healthy.status == 200)
    }
}
