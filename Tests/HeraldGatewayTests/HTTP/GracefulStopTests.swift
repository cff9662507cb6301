import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// A planned stop (SIGTERM) waits for the batches in flight, so a deploy sends nothing twice.
@Suite("herald serve stops gracefully")
struct GracefulStopTests {
    @Test("SIGTERM while a batch is with the deliverer: it is recorded, nothing is in doubt at the next start")
    func sigterm() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let data = folder.url.appendingPathComponent("data")
        let record = folder.url.appendingPathComponent("record.jsonl").path
        let key = "hsk_" + String(repeating: "7", count: 64)
        do {
            let store = try SQLiteStore(directory: data, durability: .normal)
            try store.createApp(
                AppRecord(
                    id: "app_g", name: "G", bundleID: "com.example.g", serverKeyHash: APIKey.hash(key), clientKeyHash: "x", createdAt: 1))
            _ = try store.importDevices(
                appID: "app_g",
                (0..<20).map { DeviceRegistration(token: StoreFixture.token($0), environment: .production, interests: ["a"]) }, now: 1)
        }
        let arguments = ["--data", data.path, "--deliverer", "record:\(record)", "--deliverer-latency", "600"]
        let first = try ServeProcess(arguments)
        let publish = try RawHTTPClient.json(
            port: first.port, "POST", "/v1/apps/app_g/publishes", key: key, ["interests": ["a"], "notification": ["title": "x"]])
        let id = try #require(publish.json?["publishId"]?.stringValue)
        Thread.sleep(forTimeInterval: 0.2)  // the batch is now with the deliverer (600 ms)
        #expect(first.terminate() == 0)
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 20, "the batch in flight finished before the exit")
        let second = try ServeProcess(arguments)
        defer { _ = second.terminate() }
        #expect(second.recoveredCount() == 0, "nothing in doubt after a graceful stop")
        let status = try RawHTTPClient.json(port: second.port, "GET", "/v1/apps/app_g/publishes/\(id)", key: key).json
        #expect(status?["status"] == "done")
        #expect(status?["sent"] == 20)
    }
}
