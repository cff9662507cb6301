import Foundation
import HeraldCore
import HeraldGateway
import Testing
@testable import HeraldCLI

/// `herald audit` against a gateway running in this process.
@Suite("herald audit")
struct AuditCommandTests {
    @Test("prints the app's audit log as JSON lines, newest first or after a cursor, filtered; a key without admin is refused")
    func lines() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-audit-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let created = try await AppCommandTests.withKeyFile { key in
            await CLIRun([
                "app", "create", "--data", data, "--name", "A", "--bundle-id", "com.e.a", "--auth-key", key, "--key-id", "ABCDE12345",
                "--team-id", "TEAM123456",
            ])
        }
        let app = try parseJSON(created.out)
        let appID = try #require(app["appId"]?.stringValue), serverKey = try #require(app["serverKey"]?.stringValue)
        let settings = try ServeSettings(
            try Arguments(["--data", data, "--listen", "127.0.0.1:0", "--deliverer", "discard"], spec: ServeCommand.spec))
        let gateway = try GatewayService(settings: settings)
        defer { gateway.stop() }
        let common = ["--gateway", "http://127.0.0.1:\(gateway.port)", "--app", appID, "--key", serverKey]
        let call = GatewayCall(base: "http://127.0.0.1:\(gateway.port)", appID: appID, key: serverKey)
        var keys: [String] = []
        for name in ["one", "two", "three"] {
            let (status, text) = try await call.send("POST", call.path("/keys"), body: ["name": .string(name), "scopes": ["read"]])
            #expect(status == 201)
            keys.append(try #require(try parseJSON(text)["key"]?.stringValue))
        }
        let all = await CLIRun(["audit"] + common)
        #expect(all.status == 0, "\(all.err)")
        let lines = all.out.split(separator: "\n").map { try? JSONParser().parse(Array($0.utf8)) }
        #expect(lines.count == 3 && lines.allSatisfy { $0?["action"] == "key.create" && $0?["actor"]?["id"] == "server" })
        let oldest = try #require(lines.last??["id"]?.stringValue)
        let after = await CLIRun(["audit", "--after", oldest, "--limit", "1"] + common)
        #expect(after.out.split(separator: "\n").count == 1)
        #expect(await CLIRun(["audit", "--action", "publish."] + common).out.isEmpty)
        let refused = await CLIRun(["audit", "--gateway", "http://127.0.0.1:\(gateway.port)", "--app", appID, "--key", keys[0]])
        #expect(refused.status == 1 && refused.err.contains("403"), "\(refused.err)")
        #expect(await CLIRun(["audit", "--key", serverKey]).status == 2, "no --app")
    }
}
