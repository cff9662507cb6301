import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// The durability promise, tested on the real binary: `herald serve` is killed with
/// SIGKILL at random moments during a fan-out and restarted on the same data; in the end
/// every targeted device got the notification, and a device got it twice only where the
/// gateway could not know (a delivery in flight at the kill, sent again in doubt with
/// the same apns-id). A third of the devices are Android's, delivered through FCM: the
/// promise is the same on both platforms.
@Suite("kill -9 during fan-out and delivery")
struct KillNineTests {
    static let devices = 3000

    @Test(
        "every targeted device, APNs and FCM, gets each publish; duplicates only for deliveries in flight at a kill", .timeLimit(.minutes(3)))
    func killNine() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let record = folder.url.appendingPathComponent("apns-record.jsonl").path
        let serverKey = "hsk_" + String(repeating: "5", count: 64)
        let appID = "app_kill"
        var tokens: Set<String> = []
        do {
            let store = try SQLiteStore(directory: folder.url.appendingPathComponent("data"), durability: .normal)
            try store.createApp(
                AppRecord(
                    id: appID, name: "Kill", bundleID: "com.example.kill", serverKeyHash: APIKey.hash(serverKey), clientKeyHash: "x",
                    fcmCredentials: try FCMTestAccount.credentials(), createdAt: 1))
            for n in 0..<Self.devices {
                let android = n % 3 == 1
                let token = android ? "fcm-\(n)" : StoreFixture.token(n)
                tokens.insert(token)
                _ = try store.registerDevice(
                    appID: appID,
                    DeviceRegistration(
                        platform: android ? .fcm : .apns, token: token, environment: .production, interests: n % 3 == 0 ? ["a", "b"] : ["a"],
                        userID: .some("u\(n % 50)")),
                    quota: .unlimited, now: 1)
            }
        }
        let arguments = [
            "--data", folder.url.appendingPathComponent("data").path, "--deliverer", "record:\(record)", "--deliverer-latency", "3",
            "--batch-size", "50",
            "--fanout-batch", "20",
        ]
        var server = try ServeProcess(arguments)
        var publishes: [String] = []
        for body: JSONValue in [
            ["interests": ["a", "b"], "notification": ["title": "one"]],
            ["users": .array((0..<50).map { .string("u\($0)") }), "notification": ["title": "two"]],
        ] {
            let response = try RawHTTPClient.json(port: server.port, "POST", "/v1/apps/\(appID)/publishes", key: serverKey, body)
            publishes.append(try #require(response.json?["publishId"]?.stringValue, "\(response.status)"))
        }
        var generator = SystemRandomNumberGenerator()
        var kills = 0
        var inDoubt = 0
        var duringFanOut = 0
        for round in 0..<8 {
            // Every other kill lands early, in the fan-out (it resumes from its cursor each time); the others anywhere.
            Thread.sleep(forTimeInterval: Double.random(in: round.isMultiple(of: 2) ? 0.005...0.04 : 0.03...0.25, using: &generator))
            server.kill9()
            kills += 1
            duringFanOut += try Self.fanOutUnfinished(folder.url.appendingPathComponent("data")) ? 1 : 0
            server = try ServeProcess(arguments)
            inDoubt += Self.recovered(in: server)
        }
        // Let it finish.
        let deadline = Date().addingTimeInterval(90)
        var statuses: [JSONValue] = []
        while Date() < deadline {
            statuses = try publishes.compactMap {
                try RawHTTPClient.json(port: server.port, "GET", "/v1/apps/\(appID)/publishes/\($0)", key: serverKey).json
            }
            if statuses.allSatisfy({ $0["status"] == "done" }) { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(server.terminate() == 0)
        for status in statuses {
            #expect(status["status"] == "done", "\(status)")
            #expect(status["targeted"] == .int(Self.devices))
            #expect(status["sent"] == .int(Self.devices))
            #expect(status["byPlatform"]?["fcm"]?["sent"] == .int(Self.devices / 3), "\(status)")
        }
        // What "APNs" and "FCM" received: one JSON line per notification (a torn last line of
        // a killed write is a notification that never completed, sent again later).
        let text = try String(contentsOfFile: record, encoding: .utf8)
        var received: [String: [String]] = [:]  // publish|token -> apns-ids
        var torn = 0
        var fcmLines = 0
        for line in text.split(separator: "\n") {
            guard let value = try? JSONParser().parse(String(line)), let publish = value["publishId"]?.stringValue,
                let token = value["token"]?.stringValue, let apnsID = value["apnsId"]?.stringValue
            else {
                torn += 1
                continue
            }
            if value["platform"] == "fcm" {
                fcmLines += 1
                #expect(token.hasPrefix("fcm-") && value["message"]?["token"]?.stringValue == token, "an FCM line is an Android device's message")
            }
            received["\(publish)|\(token)", default: []].append(apnsID)
        }
        #expect(fcmLines >= 2 * Self.devices / 3)
        for publish in publishes {
            let reached = Set(tokens.filter { received["\(publish)|\($0)"] != nil })
            #expect(reached.count == Self.devices, "publish \(publish): \(Self.devices - reached.count) devices never got it")
        }
        let duplicates = received.values.filter { $0.count > 1 }
        #expect(duplicates.allSatisfy { Set($0).count == 1 }, "a notification sent again carries the same apns-id")
        let extra = duplicates.map { $0.count - 1 }.reduce(0, +)
        #expect(extra <= inDoubt, "\(extra) duplicates, but only \(inDoubt) deliveries were in doubt after \(kills) kills")
        #expect(torn <= kills)
        #expect(duringFanOut >= 1, "no kill landed during a fan-out")
        print(
            "kill -9 test: \(kills) kills (\(duringFanOut) during fan-out), \(inDoubt) deliveries in doubt, \(extra) sent twice, \(torn) torn record lines"
        )
    }

    /// Whether a publish's fan-out was unfinished in the data the killed process left.
    static func fanOutUnfinished(_ data: URL) throws -> Bool {
        let store = try SQLiteStore(directory: data, durability: .normal)
        return try store.read { try $0.scalar("SELECT count(*) FROM publishes WHERE fanout_done = 0") ?? 0 } > 0
    }

    /// The count `herald serve` reports on standard error at start.
    static func recovered(in server: ServeProcess) -> Int {
        // The line is written before "listening on"; read what is there without waiting for exit.
        server.recoveredCount()
    }
}
