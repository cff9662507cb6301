import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// `herald serve` as a real process: starts, answers, stops on SIGTERM; bad options are refused.
@Suite("herald serve")
struct ServeCommandTests {
    static func run(_ arguments: [String]) throws -> (status: Int32, err: String) {
        let output = try ChildProcess.run(ServeProcess.executable, arguments)
        return (output.status, output.err)
    }

    @Test("serves the API on the port it prints, and exits 0 on SIGTERM")
    func serve() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let server = try ServeProcess(["--data", folder.url.path, "--deliverer", "discard"])
        let health = try RawHTTPClient.request(port: server.port, "GET", "/healthz")
        #expect(health.status == 200)
        #expect(try RawHTTPClient.request(port: server.port, "POST", "/v1/apps/x/devices").status == 401)
        #expect(server.terminate() == 0)
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("herald.sqlite").path))
    }

    @Test(
        "bad options are usage errors with exit status 2",
        arguments: [
            (["--listen", "nowhere"], "is not HOST:PORT"),
            (["--deliverer", "smtp"], "--deliverer: \"smtp\" is not apns, record:FILE or discard"),
            (["--threads", "0"], "--threads: \"0\" is not a whole number from 1 to 256"),
            (["--durability", "maybe"], "--durability"),
            (["--api-rate-limit", "-5"], "--api-rate-limit: \"-5\" is not a whole number from 0 to 1000000"),
            (["--api-burst", "0"], "--api-burst: \"0\" is not a whole number from 1 to 1000000"),
            (["--server-rate-limit", "x"], "--server-rate-limit: \"x\" is not a whole number from 0 to 1000000"),
            (["--metrics-token", "short"], "--metrics-token: give at least 16 printable characters"),
            (["--max-devices-per-app", "-1"], "--max-devices-per-app: \"-1\" is not a whole number from 0 to 10000000000"),
            (["--max-interests-per-device", "many"], "--max-interests-per-device: \"many\" is not a whole number"),
            (["extra"], "unexpected argument extra"),
        ])
    func badOptions(arguments: [String], message: String) throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let listen = arguments.contains("--listen") ? [] : ["--listen", "127.0.0.1:0"]
        let result = try Self.run(["serve", "--data", folder.url.path] + listen + arguments)
        #expect(result.status == 2)
        #expect(result.err.contains(message), "\(result.err)")
    }

    @Test("--max-devices-per-app is the quota the API enforces: past it, 409 quota_exceeded naming the flag")
    func quotaFlag() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let created = try AppProvisioning(store: try SQLiteStore(directory: folder.url)).create(
            name: "Q", bundleID: "com.example.q", credentials: [], rateLimit: nil, now: 1)
        let server = try ServeProcess(["--data", folder.url.path, "--deliverer", "discard", "--max-devices-per-app", "1"])
        defer { _ = server.terminate() }
        let path = "/v1/apps/\(created.appID)/devices"
        let register = { (n: Int) in
            try RawHTTPClient.json(
                port: server.port, "POST", path, key: created.clientKey.secret,
                ["token": .string(StoreFixture.token(n)), "environment": "production"])
        }
        #expect(try register(1).status == 201)
        let refused = try register(2)
        #expect(refused.status == 409)
        #expect(refused.json?["error"]?["code"] == "quota_exceeded")
        #expect(refused.json?["error"]?["message"]?.stringValue?.contains("the quota is 1 (herald serve --max-devices-per-app)") == true)
    }

    @Test("--metrics-token: /metrics answers 401 without the token, 200 with it")
    func metricsToken() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let token = String(repeating: "9f", count: 16)
        let server = try ServeProcess(["--data", folder.url.path, "--deliverer", "discard", "--metrics-token", token])
        defer { _ = server.terminate() }
        #expect(try RawHTTPClient.request(port: server.port, "GET", "/metrics").status == 401)
        let scraped = try RawHTTPClient.request(port: server.port, "GET", "/metrics", headers: ["Authorization": "Bearer \(token)"])
        #expect(scraped.status == 200)
    }

    @Test("a data folder that cannot be used is exit status 1 with the reason")
    func badData() throws {
        let result = try Self.run(["serve", "--data", "/proc/herald-no", "--listen", "127.0.0.1:0", "--deliverer", "discard"])
        #expect(result.status == 1)
        #expect(result.err.contains("/proc/herald-no"))
    }
}
