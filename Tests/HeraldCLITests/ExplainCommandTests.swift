import Foundation
import HeraldCore
import HeraldGateway
import Testing
@testable import HeraldCLI

/// `herald explain` against a gateway running in this process.
@Suite("herald explain")
struct ExplainCommandTests {
    @Test("prints the gateway's explanation: as JSON the same document, as text the verdict and each fact; unknown ids fail with the 404")
    func explains() async throws {
        let record = FileManager.default.temporaryDirectory.appendingPathComponent("herald-explain-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: record) }
        let served = try await ServedApp("explain", serve: ["--deliverer", "record:" + record])
        let call = GatewayCall(base: "http://127.0.0.1:\(served.gateway.port)", appID: served.appID, key: served.serverKey)
        let token = String(repeating: "ab", count: 32)
        let (registered, device) = try await call.send(
            "POST", call.path("/devices"), body: ["token": .string(token), "environment": "production", "interests": ["news"], "locale": "de-AT"])
        #expect(registered == 201, "\(device)")
        let deviceID = try #require(try parseJSON(device)["deviceId"]?.stringValue)
        let (_, other) = try await call.send(
            "POST", call.path("/devices"), body: ["token": .string(String(repeating: "cd", count: 32)), "environment": "production", "interests": ["sport"]])
        let otherID = try #require(try parseJSON(other)["deviceId"]?.stringValue)
        let (accepted, created) = try await call.send("POST", call.path("/publishes"), body: ["interests": ["news"], "notification": ["title": "Sale"]])
        #expect(accepted == 202)
        let publishID = try #require(try parseJSON(created)["publishId"]?.stringValue)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let (_, status) = try await call.send("GET", call.path("/publishes/\(publishID)"))
            if try parseJSON(status)["status"] == "done" { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let explain = ["explain", "--publish", publishID, "--device", deviceID] + served.common
        let json = await CLIRun(explain + ["--json"])
        #expect(json.status == 0, "\(json.err)")
        let (_, direct) = try await call.send("GET", call.path("/publishes/\(publishID)/devices/\(deviceID)"))
        #expect(try parseJSON(json.out) == (try parseJSON(direct)))
        let text = await CLIRun(explain)
        #expect(text.out.hasPrefix("\(publishID) reached \(deviceID): sent"), "\(text.out)")
        #expect(text.out.contains("  via: interests news\n"))
        #expect(text.out.contains("  route: apns production\n"))
        #expect(text.out.contains("apns-push-type: alert"))
        #expect(text.out.contains("  attempt at ") && text.out.contains(": sent"))
        let outside = await CLIRun(["explain", "--publish", publishID, "--device", otherID] + served.common)
        #expect(outside.out.hasPrefix("\(publishID) did not reach \(otherID): not_in_target\n  it is not subscribed to interest \"news\""), "\(outside.out)")
        let unknown = await CLIRun(["explain", "--publish", publishID, "--device", "dev_unknown"] + served.common)
        #expect(unknown.status == 1 && unknown.err.contains("404"), "\(unknown.err)")
        #expect(await CLIRun(["explain", "--device", deviceID] + served.common).status == 2, "no --publish")
        // A preview sends nothing: the push service (the recording deliverer) got the publish alone.
        let (previewed, _) = try await call.send(
            "POST", call.path("/publishes/preview"),
            body: ["publish": ["interests": ["news"], "notification": ["title": "Not sent"]], "devices": [.string(deviceID)]])
        #expect(previewed == 200)
        try await Task.sleep(for: .milliseconds(300))
        let sent = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map { try parseJSON(String($0)) }
        #expect(sent.count == 1 && sent.allSatisfy { $0["publishId"] == .string(publishID) }, "\(sent)")
    }
}
