import Foundation
import HeraldCore
import HeraldGateway
import HeraldStore
import Testing
@testable import HeraldCLI

/// `herald member invite` on a data folder.
@Suite("herald member")
struct MemberCommandTests {
    @Test("invite prints a one-time invite and the console URL; the store keeps its hash only; bad input is refused")
    func invite() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-member-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let created = try await AppCommandTests.withKeyFile { key in
            await CLIRun([
                "app", "create", "--data", data, "--name", "M", "--bundle-id", "com.e.m", "--auth-key", key, "--key-id", "ABCDE12345",
                "--team-id", "TEAM123456",
            ])
        }
        let appID = try #require(try parseJSON(created.out)["appId"]?.stringValue)
        let made = await CLIRun([
            "member", "invite", "--data", data, "--app", appID, "--email", "Olive@Example.com", "--role", "owner", "--console-url",
            "https://push.example.com/console",
        ])
        #expect(made.status == 0, "\(made.err)")
        let invite = try parseJSON(made.out)
        let token = try #require(invite["invite"]?.stringValue)
        #expect(token.hasPrefix("hin_") && invite["email"] == "olive@example.com" && invite["role"] == "owner")
        #expect(invite["url"]?.stringValue == "https://push.example.com/console#invite=\(token)")
        let store = try SQLiteStore(directory: URL(fileURLWithPath: data))
        let kept = try #require(try store.pendingInvites(appID: appID, now: Date().timeIntervalSince1970).first)
        #expect(kept.tokenHash != token && kept.email == "olive@example.com")
        #expect(await CLIRun(["member", "invite", "--data", data, "--app", "app_none", "--email", "a@example.com"]).status == 2)
        #expect(await CLIRun(["member", "invite", "--data", data, "--app", appID, "--email", "nope"]).status == 2)
        #expect(await CLIRun(["member", "invite", "--data", data, "--app", appID, "--email", "a@example.com", "--role", "god"]).status == 2)
    }
}
