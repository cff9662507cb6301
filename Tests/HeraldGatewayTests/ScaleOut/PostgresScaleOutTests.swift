import Foundation
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldGateway

/// Several `herald serve` processes on one PostgreSQL database, delivering through
/// HeraldAPNs to `herald apns-sim`, while things go wrong: a gateway killed with SIGKILL in
/// the middle of a fan-out, the database stopped and started mid-publish, and one
/// idempotency key sent to two gateways at once.
@Suite("Scale-out: gateways on one database, under faults", .serialized)
struct PostgresScaleOutTests {
    /// What one gateway can have in flight at a kill: its batches (4) of `--batch-size` (100).
    static let inFlightBound = 4 * 100

    @Test("a gateway killed with -9 mid fan-out: the other finishes; every token reached; repeats only from the killed one's flight", .timeLimit(.minutes(4)))
    func killOneMidFanOut() async throws {
        let stage = try ScaleOutStage(devices: 20_000)
        let a = try stage.gateway("gw-a")
        let b = try stage.gateway("gw-b")
        defer { _ = b.terminate() }
        let id = try stage.publish(port: a.port)
        // Once both are fanning out and sending, before the fan-out is done.
        try await blocking {
            try stage.waitFor("deliveries sent by gw-a") {
                try stage.count("SELECT count(*) FROM deliveries WHERE state = 2") > 0
                    && stage.count("SELECT count(*) FROM deliveries WHERE state = 1 AND lease_owner = 'gw-a'") > 0
            }
        }
        a.kill9()
        let fanOutUnfinished = try stage.count("SELECT count(*) FROM publishes WHERE NOT fanout_done") == 1
        let heldByKilled = try stage.count("SELECT count(*) FROM deliveries WHERE state = 1 AND lease_owner = 'gw-a'")
        let record = try await blocking { try stage.waitUntilDone(id, timeout: 150) }
        var log = ""
        if record?.status != .done {
            _ = b.terminate()
            log = String(b.standardError.suffix(2000))
        }
        #expect(record?.status == .done, "\(String(describing: record)); gw-b said: \(log)")
        #expect(record?.counts.targeted == 20_000)
        #expect(record?.counts.sent == 20_000)
        let received = try stage.received(id)
        #expect(received.count == 20_000, "\(20_000 - received.count) tokens never got it")
        let repeats = received.values.filter { $0.count > 1 }
        #expect(repeats.allSatisfy { Set($0).count == 1 }, "a repeat carries the same apns-id")
        let extra = repeats.map { $0.count - 1 }.reduce(0, +)
        let inDoubt = try stage.count("SELECT count(*) FROM deliveries WHERE in_doubt")
        #expect(inDoubt == heldByKilled, "only what gw-a held was taken over")
        #expect(extra <= inDoubt, "\(extra) repeats, but only \(inDoubt) deliveries were taken over")
        #expect(inDoubt <= Self.inFlightBound)
        // The counter is absent until it counts one: gw-a may have had its last batch
        // answered between the wait above and the kill, holding nothing.
        let metrics = String(decoding: try RawHTTPClient.json(port: b.port, "GET", "/metrics").body, as: UTF8.self)
        let series = "herald_deliveries_taken_over_total{instance_id=\"gw-b\"} "
        let takenOver = metrics.split(separator: "\n").first { $0.hasPrefix(series) }.map { Int($0.dropFirst(series.count)) ?? -1 } ?? 0
        #expect(takenOver == heldByKilled, "\(metrics)")
        print(
            "scale-out kill test: gw-a killed \(fanOutUnfinished ? "during" : "after") the fan-out holding \(heldByKilled); \(extra) sent twice"
        )
    }

    @Test("the database stopped and started mid-publish: 503 with Retry-After while down, never 500; the publish finishes, nothing lost", .timeLimit(.minutes(4)))
    func databaseRestart() async throws {
        let server = try PostgresTestServer()
        defer { server.stop() }
        let stage = try ScaleOutStage(devices: 10_000, server: server)
        let gateways = [try stage.gateway("gw-a"), try stage.gateway("gw-b")]
        defer { for gateway in gateways { _ = gateway.terminate() } }
        let id = try stage.publish(port: gateways[0].port)
        try await blocking { try stage.waitFor("the first deliveries") { try stage.count("SELECT count(*) FROM deliveries WHERE state = 2") > 0 } }
        try server.stopInPlace()
        // Down for longer than the lease (3 s): every request is refused for now, none fails.
        let answers = try await blocking { try Self.askWhileDown(stage, gateways, publish: id, seconds: 5) }
        try server.startAgain()
        #expect(answers.count >= 40)
        // /healthz reads a probe made every half second: it may still say 200 for the
        // first second after the database went away; the API never may.
        let settled = answers.filter { $0.path != "/healthz" || $0.after > 1 }
        #expect(settled.allSatisfy { $0.status == 503 && $0.retryAfter != nil }, "\(settled.filter { $0.status != 503 || $0.retryAfter == nil })")
        #expect(answers.allSatisfy { $0.status != 500 })
        let record = try await blocking { try stage.waitUntilDone(id, timeout: 150) }
        #expect(record?.status == .done && record?.counts.sent == 10_000, "\(String(describing: record))")
        let received = try stage.received(id)
        #expect(received.count == 10_000, "\(10_000 - received.count) tokens never got it")
        let extra = received.values.map { $0.count - 1 }.reduce(0, +)
        let inDoubt = try stage.count("SELECT count(*) FROM deliveries WHERE in_doubt")
        #expect(extra <= inDoubt, "\(extra) repeats, \(inDoubt) in doubt")
        #expect(inDoubt == 0, "a database restart takes nothing away from live gateways")
        // Both serve again.
        for gateway in gateways {
            #expect(try RawHTTPClient.json(port: gateway.port, "GET", "/healthz").status == 200)
        }
    }

    @Test("one idempotency key sent to two gateways at the same moment: one publish, each device gets it once", .timeLimit(.minutes(2)))
    func sameKeyOnTwoGateways() async throws {
        let stage = try ScaleOutStage(devices: 200)
        let gateways = [try stage.gateway("gw-a"), try stage.gateway("gw-b")]
        defer { for gateway in gateways { _ = gateway.terminate() } }
        let ids = Results<String>()
        let failures = ThreadBarrier.together(8) { n in
            ids.add(try stage.publish(port: gateways[n % 2].port, idempotencyKey: "order-42"))
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(Set(ids.all).count == 1 && ids.all.count == 8)
        #expect(try stage.count("SELECT count(*) FROM publishes") == 1)
        let id = try #require(ids.all.first)
        let record = try await blocking { try stage.waitUntilDone(id, timeout: 60) }
        #expect(record?.status == .done && record?.counts.sent == 200)
        let received = try stage.received(id)
        #expect(received.count == 200 && received.values.allSatisfy { $0.count == 1 })
    }

    /// Every API request to the gateways in turn, for `seconds`: what each answered.
    /// What the gateways answer while the database is down, with the seconds since it went down.
    static func askWhileDown(_ stage: ScaleOutStage, _ gateways: [ServeProcess], publish id: String, seconds: Double) throws
        -> [(path: String, status: Int, retryAfter: String?, after: Double)]
    {
        var answers: [(path: String, status: Int, retryAfter: String?, after: Double)] = []
        let started = Date()
        let downUntil = started.addingTimeInterval(seconds)
        var n = 0
        while Date() < downUntil {
            let gateway = gateways[n % 2]
            n += 1
            for (method, path, key, body) in [
                ("GET", "/healthz", nil, nil),
                ("GET", "/v1/apps/\(stage.appID)/publishes/\(id)", stage.serverKey, nil),
                ("POST", "/v1/apps/\(stage.appID)/publishes", stage.serverKey, ["interests": ["all"], "notification": ["title": "x"]]),
                ("POST", "/v1/apps/\(stage.appID)/devices", stage.clientKey, ["token": .string(StoreFixture.token(900_000 + n)), "environment": "production"]),
            ] as [(String, String, String?, JSONValue?)] {
                let response = try RawHTTPClient.json(port: gateway.port, method, path, key: key, body)
                answers.append((path, response.status, response.headers["retry-after"], Date().timeIntervalSince(started)))
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return answers
    }
}
