import Foundation
import HeraldServerTestSupport
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldStore

#if canImport(Glibc)
    import Glibc
#endif

/// scripts/webhook_receiver.py as a child process: verifies each request with the
/// Standard Webhooks library and records the event ids it acknowledges.
final class WebhookReceiver {
    let process: ChildProcess
    let port: UInt16
    let out: URL
    let secretFile: URL

    init(folder: URL, failFirst: Int = 0, failFor: Double = 0, answer: Int = 0) throws {
        out = folder.appendingPathComponent("received.txt")
        secretFile = folder.appendingPathComponent("secrets.txt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: secretFile.path, contents: nil)
        process = try ChildProcess(
            try PythonTools.python(),
            [
                PythonTools.script("webhook_receiver.py"), "--secret-file", secretFile.path, "--out", out.path, "--fail-first",
                String(failFirst), "--fail-for", String(failFor), "--answer", String(answer),
            ], stdout: .pipe, stderr: .pipe)
        var line = [UInt8]()
        let handle = process.standardOutput ?? FileHandle.nullDevice
        while let byte = handle.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") { line.append(byte) }
        guard let port = UInt16(String(decoding: line, as: UTF8.self).split(separator: " ").last ?? "") else {
            let error = String(decoding: process.standardError?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            throw ServeProcess.Failure(description: "the webhook receiver did not start: \(String(decoding: line, as: UTF8.self)) \(error)")
        }
        self.port = port
    }

    func secret(_ secret: String) throws {
        try Data((secret + "\n").utf8).write(to: secretFile)
    }

    /// Each event id acknowledged, as often as it came; the lines of requests that did not verify.
    func received() throws -> (ids: [String], bad: [String]) {
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        return (lines.filter { !$0.hasPrefix("BAD") && !$0.hasPrefix("ANSWERED") }.compactMap { $0.split(separator: " ").first.map(String.init) }, lines.filter { $0.hasPrefix("BAD") })
    }

    /// The statuses `--answer` gave, one per request.
    func answered() throws -> [String] {
        try String(contentsOf: out, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("ANSWERED") }.map(String.init)
    }

    func stop() {
        process.kill(SIGKILL)
        _ = process.wait()
    }
}

@Suite("Webhooks: kill -9 during a publish, a receiver that fails first", .serialized)
struct WebhookKillNineTests {
    static let devices = 400

    @Test(
        "every delivery's final event reaches the endpoint, verified by Standard Webhooks, across kills and refusals; repeats keep their id",
        .timeLimit(.minutes(3)), arguments: StoreKind.tested)
    func killNine(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let serverKey = "hsk_" + String(repeating: "7", count: 64)
        _ = try fixture.store.updateKeys(appID: fixture.appID, server: APIKey.hash(serverKey), client: nil, userTokenSecret: nil)
        try fixture.register(Self.devices)
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let receiver = try WebhookReceiver(folder: folder.url, failFirst: 3)
        defer { receiver.stop() }
        let arguments =
            (kind == .sqlite ? ["--data", fixture.location] : ["--database", fixture.location]) + [
                "--deliverer", "record:\(folder.url.appendingPathComponent("record.jsonl").path)", "--deliverer-latency", "20",
                "--batch-size", "10", "--fanout-batch", "20", "--lease", "3", "--webhook-allow-http", "--webhook-allow-private",
                // A small pool (threads + 3 connections): the PostgreSQL test server is shared by every test at once.
                "--handler-threads", "2", "--threads", "2",
                "--webhook-retry-schedule", "1s,1s,1s,1s,1s,1s,1s,1s,1s,1s", "--webhook-batch-size", "25",
            ]
        var server = try ServeProcess(arguments)
        let app = "/v1/apps/\(fixture.appID)"
        let created = try RawHTTPClient.json(
            port: server.port, "POST", app + "/webhooks", key: serverKey,
            ["url": .string("http://127.0.0.1:\(receiver.port)/hook"), "events": ["delivery.*", "publish.*"]])
        let hook = try #require(created.json?["id"]?.stringValue, "\(created.status)")
        try receiver.secret(try #require(created.json?["secret"]?.stringValue))
        let published = try RawHTTPClient.json(port: server.port, "POST", app + "/publishes", key: serverKey, ["interests": ["news"], "notification": ["title": "hi"]])
        let publish = try #require(published.json?["publishId"]?.stringValue)
        var generator = SystemRandomNumberGenerator()
        var midPublish = 0
        for _ in 0..<4 {
            Thread.sleep(forTimeInterval: Double.random(in: 0.05...0.3, using: &generator))
            server.kill9()
            midPublish += try fixture.rows("SELECT status FROM publishes WHERE id = ?", [.text(publish)]).first == "done" ? 0 : 1
            server = try ServeProcess(arguments)
        }
        #expect(midPublish >= 1, "a kill landed while the publish was being sent")
        let deadline = Date().addingTimeInterval(120)
        var done = false
        while Date() < deadline, !done {
            let status = try RawHTTPClient.json(port: server.port, "GET", app + "/publishes/" + publish, key: serverKey).json
            let health = try RawHTTPClient.json(port: server.port, "GET", app + "/webhooks/" + hook, key: serverKey).json?["health"]
            done = status?["status"] == "done" && health?["pending"] == .int(0)
            if !done { Thread.sleep(forTimeInterval: 0.2) }
        }
        #expect(server.terminate() == 0)
        #expect(done, "the publish finished and the endpoint caught up")
        let log = try StoreEventLogTests.all(fixture).filter { $0.type.hasPrefix("delivery.") || $0.type.hasPrefix("publish.") }
        #expect(log.filter { $0.type == "delivery.sent" }.count == Self.devices, "one final event per delivery")
        let (ids, bad) = try receiver.received()
        #expect(bad.isEmpty, "\(bad.prefix(3))")
        let missing = Set(log.map(\.id)).subtracting(ids)
        #expect(missing.isEmpty, "\(missing.count) events never arrived")
        #expect(Set(ids).isSubset(of: Set(log.map(\.id))), "nothing arrived that the log does not hold")
        let attempts = try fixture.store.webhookAttempts(appID: fixture.appID, id: hook, limit: 100)
        #expect(attempts.contains { $0.status == 503 }, "the receiver's first refusals were retried")
    }
}
