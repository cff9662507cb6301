import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

/// The probes that once took the gateway down, each against a real server on loopback.
@Suite("HTTP server under hostile clients")
@MainActor
struct HTTPAbuseTests {
    nonisolated private static func slowHeads(port: UInt16, count: Int, from source: String) -> [Int32] {
        (0..<count).compactMap { _ in
            guard let fd = try? RawHTTPClient.connectLoopback(port: port, timeout: 8, from: source) else { return nil }
            RawHTTPClient.sendAll(fd, Array("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8))
            return fd
        }
    }

    @Test(
        "slow heads from one address: its connections are capped, other clients are served at once, the slow ones get 408 at the head deadline"
    )
    func slowHeadsFromOneAddress() async throws {
        var http = HTTPServer.Configuration()
        http.connectionLimit = 64
        http.connectionsPerAddress = 16
        http.headTimeoutSeconds = 2
        let gateway = try GatewayServiceFixture(http: http)
        defer { gateway.stop() }
        let port = gateway.port
        let (health, elapsed, answers) = try await blocking {
            let slow = Self.slowHeads(port: port, count: 200, from: "127.0.0.2")
            defer { slow.forEach { close($0) } }
            let started = Date()
            let health = try RawHTTPClient.request(port: port, "GET", "/healthz", timeout: 5)
            let elapsed = Date().timeIntervalSince(started)
            let answers = slow.map { String(decoding: RawHTTPClient.receiveAll($0).prefix(12), as: UTF8.self) }
            return (health.status, elapsed, answers)
        }
        #expect(health == 200)
        #expect(elapsed < 1, "the health check took \(elapsed) s")
        #expect(answers.filter { $0 == "HTTP/1.1 408" }.count == 16, "the admitted slow connections are cut at the deadline")
        #expect(answers.filter { $0 == "HTTP/1.1 503" }.count == 184, "the rest are refused at once")
        #expect(gateway.service.httpCounters[.refusedAddressFull] == 184)
        #expect(gateway.service.httpCounters[.timeout] == 16)
        let metrics = String(decoding: try await gateway.call("GET", "/metrics", key: gateway.metricsToken).body, as: UTF8.self)
        let instance = "instance_id=\"\(gateway.service.store.instance.id)\""
        #expect(metrics.contains("herald_http_refused_total{\(instance),reason=\"address_full\"} 184"))
        #expect(metrics.contains("herald_http_timeouts_total{\(instance)} 16"))
    }

    @Test("slow heads filling every slot: a prompt client takes the slot of the one that waited longest")
    func evictionWhenFull() async throws {
        var http = HTTPServer.Configuration()
        http.connectionLimit = 12
        http.connectionsPerAddress = 0
        http.threads = 4  // the slow connections and the prompt ones land on any loop
        http.evictAfterSeconds = 0.3
        let gateway = try GatewayServiceFixture(http: http)
        defer { gateway.stop() }
        let port = gateway.port
        let statuses = try await blocking {
            let slow = Self.slowHeads(port: port, count: 12, from: "127.0.0.1")
            defer { slow.forEach { close($0) } }
            Thread.sleep(forTimeInterval: 0.5)
            return try (0..<4).map { _ in try RawHTTPClient.request(port: port, "GET", "/healthz", timeout: 5).status }
        }
        #expect(statuses == [200, 200, 200, 200])
        #expect(
            (1...4).contains(gateway.service.httpCounters[.evicted]), "a slot taken from a slow connection, once per prompt one at most")
    }

    @Test("every slot held by young connections from a few addresses: a newcomer takes a slot from the address holding the most")
    func fairEvictionWhenFull() async throws {
        var http = HTTPServer.Configuration()
        http.connectionLimit = 40
        http.connectionsPerAddress = 0
        http.threads = 4
        http.evictAfterSeconds = 60  // no connection is old enough for the age rule
        let gateway = try GatewayServiceFixture(http: http)
        defer { gateway.stop() }
        let port = gateway.port
        let (statuses, held) = try await blocking {
            let crowd = (2...6).flatMap { Self.slowHeads(port: port, count: 8, from: "127.0.0.\($0)") }
            defer { crowd.forEach { close($0) } }
            Thread.sleep(forTimeInterval: 0.3)
            let statuses = try (7...10).map { try RawHTTPClient.request(port: port, "GET", "/healthz", timeout: 5, from: "127.0.0.\($0)").status }
            return (statuses, crowd.count)
        }
        #expect(held == 40)
        #expect(statuses == [200, 200, 200, 200], "each newcomer got a slot")
        #expect(gateway.service.httpCounters[.evicted] == 1, "one slot taken; each newcomer closing gives it to the next")
        #expect(gateway.service.httpCounters[.refusedFull] == 0)
    }

    @Test("a body is not read before its key is checked: the 401 comes before a byte of it is sent, and no 100 Continue")
    func keyBeforeBody() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let port = gateway.port
        for (app, key) in [(gateway.appID, "wrong"), ("app_missing", "wrong"), (gateway.appID, nil)] {
            let reply = try await blocking {
                let fd = try RawHTTPClient.connectLoopback(port: port, timeout: 5)
                defer { close(fd) }
                var head = "POST /v1/apps/\(app)/devices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                if let key { head += "Authorization: Bearer \(key)\r\n" }
                head += "Content-Length: 1048576\r\nExpect: 100-continue\r\n\r\n"
                RawHTTPClient.sendAll(fd, Array(head.utf8))
                return try RawHTTPClient.parse(RawHTTPClient.receiveAll(fd))
            }
            #expect(reply.status == 401)
            #expect(reply.json?["error"]?["code"] == "unauthorized")
        }
        #expect(gateway.service.bodyBytesHeld == 0)
    }

    @Test("bodies held at once stay within the memory budget: room reserved as bytes arrive, past it 503; every byte given back")
    func bodyBudget() async throws {
        var http = HTTPServer.Configuration()
        http.maxBodyBytes = 1 << 20
        http.bodyMemoryBytes = 2 << 20
        let gateway = try GatewayServiceFixture(http: http)
        defer { gateway.stop() }
        let port = gateway.port, path = "/v1/apps/\(gateway.appID)/devices", key = gateway.serverKey
        let server = gateway.service.server
        // Six bodies of 900 KiB: two fit the 2 MiB budget with the others' heads, a third
        // does not. Each body is fed in turn and the server let settle before the next, so
        // the outcome does not hang on how the connections' reads interleave.
        let length = 900 << 10, room = HTTPConnection.initialBodyRoom
        let (heldAt, statuses) = try await blocking {
            let fds = try (0..<6).map { _ in try RawHTTPClient.connectLoopback(port: port, timeout: 10) }
            defer { fds.forEach { close($0) } }
            for fd in fds {
                let head =
                    "POST \(path) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(key)\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: \(length)\r\n\r\n"
                RawHTTPClient.sendAll(fd, Array(head.utf8))
            }
            func settle(at expected: Int) -> Int {
                for _ in 0..<400 where server.bodyBytesHeld != expected { Thread.sleep(forTimeInterval: 0.025) }
                return server.bodyBytesHeld
            }
            // Until every head's key was checked (longer on a slow store).
            var heldAt = [settle(at: 6 * room)]
            let part = [UInt8](repeating: 0x20, count: 600 << 10)
            // The first two grow to their whole length as their bytes arrive.
            RawHTTPClient.sendAll(fds[0], part)
            heldAt.append(settle(at: length + 5 * room))
            RawHTTPClient.sendAll(fds[1], part)
            heldAt.append(settle(at: 2 * length + 4 * room))
            // Each of the others outgrows what is left: 503, and its room is given back.
            var statuses = [Int](repeating: 0, count: 6)
            for index in 2..<6 {
                RawHTTPClient.sendAll(fds[index], part)
                statuses[index] = (try? RawHTTPClient.parse(RawHTTPClient.receiveAll(fds[index])).status) ?? 0
            }
            heldAt.append(settle(at: 2 * length))
            // The two held bodies finish (spaces are no JSON: 400 from the handler).
            let rest = [UInt8](repeating: 0x20, count: length - part.count)
            for index in 0..<2 {
                RawHTTPClient.sendAll(fds[index], rest)
                statuses[index] = (try? RawHTTPClient.parse(RawHTTPClient.receiveAll(fds[index])).status) ?? 0
            }
            return (heldAt, statuses)
        }
        #expect(heldAt[0] == 6 * room, "six heads declaring 900 KiB hold 16 KiB each, not 5.4 MiB")
        #expect(heldAt[1] == length + 5 * room, "a body's room grows to its length as its bytes arrive")
        #expect(heldAt[2] == 2 * length + 4 * room)
        #expect(heldAt[3] == 2 * length, "the refused bodies' room is given back")
        #expect(statuses[2...].allSatisfy { $0 == 503 }, "\(statuses)")
        #expect(statuses[..<2].allSatisfy { $0 == 400 }, "\(statuses)")
        let deadline = Date().addingTimeInterval(5)
        while gateway.service.bodyBytesHeld != 0, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(gateway.service.bodyBytesHeld == 0)
        #expect(gateway.service.httpCounters[.busy] == 4)
    }

    @Test(
        "64 client-key heads declaring 1 MiB and sending a byte hold 16 KiB each, within one address's share: other clients register and publish meanwhile; past the grace they get 408 and memory is given back"
    )
    func slowClientKeyBodies() async throws {
        var http = HTTPServer.Configuration()
        http.maxBodyBytes = 1 << 20
        http.bodyMemoryBytes = 4 << 20
        http.connectionsPerAddress = 0
        http.bodyGraceSeconds = 1
        let gateway = try GatewayServiceFixture(http: http)
        defer { gateway.stop() }
        let port = gateway.port, app = gateway.appID, client = gateway.clientKey, server = gateway.serverKey
        let http1 = gateway.service.server
        let (held, registered, published, cut, after) = try await blocking {
            let fds = try (0..<64).map { _ in
                let fd = try RawHTTPClient.connectLoopback(port: port, timeout: 5, from: "127.0.0.9")
                let head =
                    "POST /v1/apps/\(app)/devices HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(client)\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{"
                RawHTTPClient.sendAll(fd, Array(head.utf8))
                return fd
            }
            defer { fds.forEach { close($0) } }
            // The most held at once while the heads' keys are checked (a second on a slow store).
            var held = 0
            for _ in 0..<40 {
                held = max(held, http1.bodyBytesHeld)
                Thread.sleep(forTimeInterval: 0.025)
            }
            let registered = try (0..<5).map { n in
                let json = #"{"token":"\#(StoreFixture.token(n))","environment":"production"}"#
                return try RawHTTPClient.request(
                    port: port, "POST", "/v1/apps/\(app)/devices", headers: ["Authorization": "Bearer \(client)", "Content-Type": "application/json"],
                    body: Array(json.utf8), from: "127.0.0.2"
                ).status
            }
            let published = try RawHTTPClient.request(
                port: port, "POST", "/v1/apps/\(app)/publishes", headers: ["Authorization": "Bearer \(server)", "Content-Type": "application/json"],
                body: Array(#"{"interests":["news"],"notification":{"title":"Hi"}}"#.utf8)
            ).status
            let cut = fds.prefix(8).map { fd in (try? RawHTTPClient.parse(RawHTTPClient.receiveAll(fd)).status) ?? 0 }
            return (held, registered, published, cut, http1.bodyBytesHeld)
        }
        #expect(held > 0 && held <= 64 * HTTPConnection.initialBodyRoom, "\(held) bytes: at most 1 MiB in all, not 64 MiB")
        #expect(registered == [201, 201, 201, 201, 201])
        #expect(published == 202)
        #expect(cut == Array(repeating: 408, count: 8), "cut off once they fell behind the minimum rate")
        let deadline = Date().addingTimeInterval(5)
        var left = after
        while left != 0, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
            left = gateway.service.bodyBytesHeld
        }
        #expect(left == 0)
        #expect(http1.budget.tracked == (0, 0), "no client address or app is kept once its bodies are gone")
    }

    @Test("60 inbox pages of the longest messages that are never read: the answers held stay within 60 pages of 256 KiB, and go once the connections close")
    func unreadInboxPages() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let port = gateway.port, app = gateway.appID, server = gateway.serverKey
        let long = String(repeating: "x", count: 10_000)
        for n in 0..<40 {
            let added = try await gateway.call(
                "POST", "/v1/apps/\(app)/users/carol/inbox", key: server, ["title": .string("m\(n)"), "body": .string(long)])
            #expect(added.status == 201)
        }
        let http1 = gateway.service.server
        let (held, statuses) = try await blocking {
            let fds = try (0..<60).map { _ in
                let fd = try RawHTTPClient.connectLoopback(port: port, timeout: 5)
                let head = "GET /v1/apps/\(app)/users/carol/inbox?limit=500 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer \(server)\r\n\r\n"
                RawHTTPClient.sendAll(fd, Array(head.utf8))
                return fd
            }
            Thread.sleep(forTimeInterval: 1)
            let held = http1.answerBytesHeld
            let statuses = fds.prefix(3).map { fd in (try? RawHTTPClient.parse(RawHTTPClient.receiveAll(fd)).status) ?? 0 }
            fds.forEach { close($0) }
            return (held, statuses)
        }
        // What the kernel's socket buffers took is not held here; the rest at most 60 capped pages.
        #expect(held <= 60 * (GatewayAPI.maxInboxPageBytes + 8192), "\(held) bytes held for 60 unread pages")
        #expect(statuses == [200, 200, 200])
        let deadline = Date().addingTimeInterval(5)
        while http1.answerBytesHeld != 0, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        #expect(http1.answerBytesHeld == 0, "given back when the connections closed")
    }

    @Test(
        "sign-in heads without a key hold only the unkeyed allowance: the keyed API keeps its share, and registrations are answered 201"
    )
    func unkeyedBodiesLeaveRoom() async throws {
        var http = HTTPServer.Configuration()
        http.maxBodyBytes = 64 << 10
        http.bodyMemoryBytes = 128 << 10
        http.unkeyedBodyMemoryBytes = 64 << 10
        http.connectionsPerAddress = 0
        let gateway = try GatewayServiceFixture(http: http)
        defer { gateway.stop() }
        let port = gateway.port, path = "/v1/apps/\(gateway.appID)/devices", key = gateway.clientKey
        let server = gateway.service.server
        let (refused, held, unkeyedHeld, statuses) = try await blocking {
            // 40 sign-ins declaring 4 KiB each (160 KiB: more than the whole budget), no body.
            let holders = try (0..<40).map { _ in
                let fd = try RawHTTPClient.connectLoopback(port: port, timeout: 0.2)
                let head =
                    "POST /v1/console/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Herald-Console: 1\r\nContent-Length: 4096\r\n\r\n"
                RawHTTPClient.sendAll(fd, Array(head.utf8))
                return fd
            }
            defer { holders.forEach { close($0) } }
            Thread.sleep(forTimeInterval: 0.3)
            let held = server.bodyBytesHeld, unkeyedHeld = server.budget.unkeyedInUse
            let statuses = try (0..<4).map { n in
                let json = #"{"token":"\#(StoreFixture.token(n))","environment":"production"}"#
                let body = Array(json.utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 16 << 10)
                return try RawHTTPClient.request(
                    port: port, "POST", path, headers: ["Authorization": "Bearer \(key)", "Content-Type": "application/json"], body: body
                ).status
            }
            // The sign-ins past the allowance were answered 503 at once.
            let refused = holders.filter { fd in
                String(decoding: RawHTTPClient.receiveAll(fd).prefix(12), as: UTF8.self) == "HTTP/1.1 503"
            }.count
            return (refused, held, unkeyedHeld, statuses)
        }
        #expect(unkeyedHeld == 64 << 10, "16 sign-in bodies of 4 KiB fill the allowance")
        #expect(held == 64 << 10, "and nothing more is held for requests without a key")
        #expect(refused == 24)
        #expect(statuses == [201, 201, 201, 201], "keyed registrations with 16 KiB bodies still fit")
    }

    @Test("a sign-in declaring more than 4 KiB is answered 413 at once, before a byte of its body is read")
    func signInBodyCap() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let port = gateway.port
        let (reply, seconds) = try await blocking {
            let started = Date()
            let fd = try RawHTTPClient.connectLoopback(port: port, timeout: 5)
            defer { close(fd) }
            let head =
                "POST /v1/console/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Herald-Console: 1\r\nContent-Length: 1048576\r\nExpect: 100-continue\r\n\r\n"
            RawHTTPClient.sendAll(fd, Array(head.utf8))
            let reply = try RawHTTPClient.parse(RawHTTPClient.receiveAll(fd))
            return (reply, Date().timeIntervalSince(started))
        }
        #expect(reply.status == 413)
        #expect(reply.json?["error"]?["code"] == "payload_too_large")
        #expect(seconds < 0.5)
        #expect(gateway.service.bodyBytesHeld == 0)
    }

    @Test("a thousand query parameters are answered at once; a request line over 8 KiB is a JSON 414")
    func queryParameters() async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let port = gateway.port
        let thousand = (0..<1000).map { "a\($0)=1" }.joined(separator: "&")
        let tenThousand = (0..<10000).map { "a\($0)=1" }.joined(separator: "&")
        let (small, large) = try await blocking {
            (
                try RawHTTPClient.request(port: port, "GET", "/healthz?" + String(thousand.prefix(7000)), timeout: 3),
                try RawHTTPClient.request(port: port, "GET", "/healthz?" + tenThousand, timeout: 3)
            )
        }
        #expect(small.status == 200)
        #expect(large.status == 414)
        #expect(large.json?["error"]?["code"] == "uri_too_long")
    }

    @Test(
        "errors of the HTTP layer are JSON over the wire too",
        arguments: [
            ("GET / HTTP/1.1\r\nX: " + String(repeating: "v", count: 20000) + "\r\n\r\n", 431),
            ("BAD\r\n\r\n", 400),
            ("POST /v1/apps/a/devices HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411),
        ])
    func jsonOverTheWire(request: String, status: Int) async throws {
        let gateway = try GatewayServiceFixture()
        defer { gateway.stop() }
        let port = gateway.port
        let reply = try await blocking { try RawHTTPClient.parse(RawHTTPClient.exchange(port: port, Array(request.utf8), timeout: 5)) }
        #expect(reply.status == status)
        #expect(reply.headers["content-type"] == "application/json")
        #expect(reply.json?["error"]?["message"]?.stringValue != nil)
    }
}
