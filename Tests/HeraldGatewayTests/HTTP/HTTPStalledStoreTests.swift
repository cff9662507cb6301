import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

/// A gateway whose store stops answering (a database frozen with SIGSTOP, a file locked by
/// another process), over real sockets.
@Suite("HTTP server over a stalled store")
@MainActor
struct HTTPStalledStoreTests {
    struct Timed: Sendable {
        var status: Int
        var seconds: Double
        var retryAfter: String?
        var json: JSONValue?
    }

    nonisolated static func timed(_ call: () throws -> RawHTTPClient.Response) rethrows -> Timed {
        let started = Date()
        let response = try call()
        return Timed(
            status: response.status, seconds: Date().timeIntervalSince(started), retryAfter: response.headers["retry-after"],
            json: response.json)
    }

    @Test(
        "a frozen store: /healthz 503 within a second, console files, 404s and /metrics at once, API requests 503 with Retry-After at their deadline; all 200 again once it answers"
    )
    func frozenStore() async throws {
        var http = HTTPServer.Configuration()
        http.handlerTimeoutSeconds = 2
        http.handlerThreads = 4
        let gateway = try GatewayServiceFixture(http: http, flaky: true)
        let flaky = try #require(gateway.flaky)
        defer {
            flaky.gate.open()
            gateway.stop()
        }
        let port = gateway.port, app = gateway.appID, clientKey = gateway.clientKey, metricsToken = gateway.metricsToken
        let registration: JSONValue = ["token": .string(StoreFixture.token(1)), "environment": "production"]
        #expect(try await gateway.call("GET", "/healthz").status == 200)
        flaky.gate.close()
        let (health, unhealthyAfter, console, missing, metrics, api) = try await blocking {
            let frozen = Date()
            var health = try Self.timed { try RawHTTPClient.request(port: port, "GET", "/healthz", timeout: 5) }
            var slowest = health.seconds
            while health.status == 200, Date().timeIntervalSince(frozen) < 5 {
                Thread.sleep(forTimeInterval: 0.05)
                health = try Self.timed { try RawHTTPClient.request(port: port, "GET", "/healthz", timeout: 5) }
                slowest = max(slowest, health.seconds)
            }
            health.seconds = slowest
            let unhealthyAfter = Date().timeIntervalSince(frozen)
            let console = try Self.timed { try RawHTTPClient.request(port: port, "GET", "/console/app.js", timeout: 5) }
            let missing = try Self.timed { try RawHTTPClient.request(port: port, "GET", "/nope", timeout: 5) }
            let metrics = try Self.timed {
                try RawHTTPClient.request(port: port, "GET", "/metrics", headers: ["Authorization": "Bearer \(metricsToken)"], timeout: 5)
            }
            let api = try Self.timed {
                try RawHTTPClient.json(port: port, "POST", "/v1/apps/\(app)/devices", key: clientKey, registration)
            }
            return (health, unhealthyAfter, console, missing, metrics, api)
        }
        #expect(health.status == 503)
        #expect(health.retryAfter == "1")
        #expect(health.json?["status"] == "unavailable")
        #expect(health.json?["reason"]?.stringValue?.contains("has not answered") == true)
        #expect(health.seconds < 1, "every /healthz answered within a second (the slowest took \(health.seconds) s)")
        #expect(unhealthyAfter < 2, "/healthz said 503 \(unhealthyAfter) s after the freeze")
        for (name, answer, status) in [("console", console, 200), ("404", missing, 404), ("metrics", metrics, 200)] {
            #expect(answer.status == status, "\(name)")
            #expect(answer.seconds < 0.5, "\(name) took \(answer.seconds) s")
        }
        #expect(api.status == 503)
        #expect(api.retryAfter == "1")
        #expect(api.json?["error"]?["code"] == "unavailable")
        #expect(api.seconds >= 1.9 && api.seconds < 3.5, "answered at its 2 s deadline, after \(api.seconds) s")
        #expect(gateway.service.httpCounters[.handlerTimeout] >= 1)

        flaky.gate.open()
        let (healthAfter, apiAfter) = try await blocking {
            let deadline = Date().addingTimeInterval(5)
            var health = try RawHTTPClient.request(port: port, "GET", "/healthz", timeout: 5).status
            while health != 200, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.05)
                health = try RawHTTPClient.request(port: port, "GET", "/healthz", timeout: 5).status
            }
            let api = try RawHTTPClient.json(port: port, "POST", "/v1/apps/\(app)/devices", key: clientKey, registration).status
            return (health, api)
        }
        #expect(healthAfter == 200)
        #expect(apiAfter == 201 || apiAfter == 200)
    }
}
