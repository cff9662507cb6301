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
        let served = try await ServedApp("audit")
        let gateway = served.gateway, appID = served.appID, serverKey = served.serverKey, common = served.common
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
