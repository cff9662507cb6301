import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

@Suite("HTTP server over real sockets")
@MainActor
struct HTTPServerTests {
    @Test("register, publish and read the statistics over real sockets; the deliverer gets the notification")
    func endToEnd() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let token = StoreFixture.token(1)
        let registered = try await gateway.call(
            "POST", "/v1/apps/\(gateway.appID)/devices", key: gateway.clientKey,
            ["token": .string(token), "environment": "sandbox", "interests": ["news"]])
        #expect(registered.status == 201)
        #expect(registered.headers["content-type"] == "application/json")
        let published = try await gateway.call(
            "POST", "/v1/apps/\(gateway.appID)/publishes", key: gateway.serverKey,
            ["interests": ["news"], "notification": ["title": "Hello"]])
        #expect(published.status == 202)
        let id = try #require(published.json?["publishId"]?.stringValue)
        let status = try await gateway.waitFor(publish: id, status: "done")
        #expect(status?["sent"] == 1)
        let sent = gateway.deliverer.sent
        #expect(sent.map(\.deviceToken) == [token])
        #expect(sent.first?.topic == "com.example.test")
        #expect(try JSONParser().parse(sent.first?.payload ?? [])["herald"]?["publishId"] == .string(id))
        #expect(gateway.deliverer.credentials.first??.environment == .sandbox)
        let health = try await gateway.call("GET", "/healthz")
        #expect(health.json == ["status": "ok"])
        let metrics = try await gateway.call("GET", "/metrics", key: gateway.metricsToken)
        let text = String(decoding: metrics.body, as: UTF8.self)
        let instance = "instance_id=\"\(gateway.service.store.instance.id)\""
        #expect(text.contains("herald_deliveries_total{\(instance),app=\"\(gateway.appID)\",platform=\"apns\",outcome=\"sent\"} 1"))
        #expect(text.contains("herald_delivery_latency_seconds_count{\(instance),app=\"\(gateway.appID)\"} 1"))
    }

    @Test("the console counts wrong keys by the socket's address, or by X-Forwarded-For from a trusted proxy")
    func signInByAddress() async throws {
        for trusting in [false, true] {
            let gateway = try GatewayServiceFixture(console: ConsoleSettings(trustedProxies: trusting ? [IPRange("127.0.0.1")!] : []))
            defer { gateway.stop() }
            let port = gateway.port, app = gateway.appID
            let statuses = try await blocking {
                try (0..<11).map { n in
                    try RawHTTPClient.request(
                        port: port, "POST", "/v1/console/session",
                        headers: ["Content-Type": "application/json", "X-Herald-Console": "1", "X-Forwarded-For": "192.0.2.\(n)"],
                        body: Array(#"{"appId":"\#(app)","serverKey":"hsk_wrong"}"#.utf8)
                    ).status
                }
            }
            // Untrusted, every attempt is 127.0.0.1's; trusted, each comes from its own client.
            #expect(statuses.last == (trusting ? 401 : 429), "trusting 127.0.0.1: \(trusting)")
            #expect(statuses.dropLast().allSatisfy { $0 == 401 })
        }
    }

    @Test("a body over the limit is answered 413 without being kept")
    func bodyLimit() async throws {
        var http = HTTPServer.Configuration()
        http.maxBodyBytes = 4096
        let gateway = try GatewayServiceFixture(http: http)
        defer { gateway.stop() }
        let port = gateway.port, path = "/v1/apps/\(gateway.appID)/devices", key = gateway.clientKey
        let response = try await blocking {
            try RawHTTPClient.request(
                port: port, "POST", path, headers: ["Authorization": "Bearer \(key)", "Content-Type": "application/json"],
                body: Array(repeating: UInt8(ascii: " "), count: 100_000))
        }
        #expect(response.status == 413)
        #expect(response.json?["error"]?["code"] == "payload_too_large")
    }

    @Test("garbage on the socket gets an HTTP error, and the server keeps serving")
    func garbage() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let port = gateway.port
        let reply = try await blocking { try RawHTTPClient.exchange(port: port, Array("\u{1}\u{2}NOT HTTP\r\n\r\n".utf8), timeout: 5) }
        #expect(reply.isEmpty || String(decoding: reply.prefix(12), as: UTF8.self).hasPrefix("HTTP/1.1 4"))
        #expect(try await gateway.call("GET", "/healthz").status == 200)
    }

    @Test("a connection stalled in its head is closed at the head deadline")
    func idleTimeout() async throws {
        var http = HTTPServer.Configuration()
        http.timeoutSeconds = 1
        http.headTimeoutSeconds = 1
        let gateway = try GatewayServiceFixture(http: http)
        defer { gateway.stop() }
        let port = gateway.port
        // Half a request line, then silence: the server must hang up, not wait forever.
        let (reply, elapsed) = try await blocking {
            let started = Date()
            let reply = try RawHTTPClient.exchange(port: port, Array("GET /healthz HT".utf8), timeout: 10)
            return (reply, Date().timeIntervalSince(started))
        }
        #expect(elapsed < 5, "closed after \(elapsed) s")
        #expect(String(decoding: reply, as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
    }

    @Test("many clients at once: every registration answered, each token once")
    func concurrentClients() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let port = gateway.port, path = "/v1/apps/\(gateway.appID)/devices", key = gateway.clientKey
        let statuses = await withTaskGroup(of: Int.self) { group in
            for n in 0..<200 {
                group.addTask {
                    let body: JSONValue = ["token": .string(StoreFixture.token(n % 100)), "environment": "production"]
                    return (try? RawHTTPClient.json(port: port, "POST", path, key: key, body).status) ?? -1
                }
            }
            var statuses: [Int] = []
            for await status in group { statuses.append(status) }
            return statuses
        }
        #expect(statuses.filter { $0 == 201 }.count == 100)
        #expect(statuses.filter { $0 == 200 }.count == 100)
        #expect(try gateway.service.store.usage(appID: gateway.appID).devices == 100)
    }

    @Test("past the connection limit a new connection gets a JSON 503 (no slot waited long enough to be taken); a freed slot serves again")
    func connectionLimit() async throws {
        var configuration = HTTPServer.Configuration()
        configuration.connectionLimit = 2
        configuration.evictAfterSeconds = 60
        configuration.threads = 1
        let server = try HTTPServer(address: ListenAddress(host: "127.0.0.1", port: 0), configuration: configuration) { _ in
            .json(200, ["ok": true])
        }
        defer { server.stop() }
        let port = server.port
        let (refused, served) = try await blocking {
            let a = try RawHTTPClient.openIdle(port: port)
            let b = try RawHTTPClient.openIdle(port: port)
            Thread.sleep(forTimeInterval: 0.2)
            let refused = try RawHTTPClient.exchange(
                port: port, Array("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), timeout: 5)
            close(a)
            close(b)
            Thread.sleep(forTimeInterval: 0.2)
            let served = try RawHTTPClient.request(port: port, "GET", "/")
            return (refused, served.status)
        }
        let answer = try RawHTTPClient.parse(refused)
        #expect(answer.status == 503)
        #expect(answer.json?["error"]?["code"] == "busy")
        #expect(answer.headers["retry-after"] == "1")
        #expect(served == 200)
    }

    @Test("a port in use is a clear error")
    func portInUse() throws {
        let first = try HTTPServer(address: ListenAddress(host: "127.0.0.1", port: 0)) { _ in HTTPResponse(status: 200) }
        defer { first.stop() }
        #expect {
            try HTTPServer(address: ListenAddress(host: "127.0.0.1", port: first.port)) { _ in HTTPResponse(status: 200) }
        } throws: { error in
            (error as? HTTPServerError)?.reason == .startFailed && "\(error)".contains("127.0.0.1:\(first.port)")
        }
    }

    @Test(
        "listen addresses",
        arguments: [
            ("127.0.0.1:8080", "127.0.0.1:8080"), ("localhost:0", "127.0.0.1:0"), ("[::1]:9000", "[::1]:9000"),
        ])
    func addresses(text: String, parsed: String) throws {
        #expect(try ListenAddress(parsing: text).description == parsed)
    }

    @Test(
        "bad listen addresses are refused",
        arguments: ["8080", "127.0.0.1", "127.0.0.1:http", "example.com:80", "1.2.3:80", "[::1]8080", "127.0.0.1:70000"])
    func badAddresses(text: String) {
        #expect(throws: HTTPServerError.self) { try ListenAddress(parsing: text) }
    }
}
