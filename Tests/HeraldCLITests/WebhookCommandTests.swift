import Foundation
import HeraldCore
import HeraldGateway
import Testing
@testable import HeraldCLI

/// `herald webhook` against a gateway running in this process.
@Suite("herald webhook")
struct WebhookCommandTests {
    @Test("create shows the secret once; list, show, update, rotate-secret, replay, attempts and delete go through the API")
    func lifecycle() async throws {
        let served = try await ServedApp(
            "webhook", serve: ["--deliverer", "discard", "--webhook-allow-http", "--webhook-allow-private"])
        let common = served.common
        let made = await CLIRun(["webhook", "create", "--url", "http://127.0.0.1:9/hook", "--events", "delivery.failed, publish.*"] + common)
        #expect(made.status == 0, "\(made.err)")
        let hook = try parseJSON(made.out)
        let id = try #require(hook["id"]?.stringValue)
        #expect(hook["secret"]?.stringValue?.hasPrefix("whsec_") == true)
        #expect(hook["events"] == .array(["delivery.failed", "publish.*"]))
        let list = await CLIRun(["webhook", "list"] + common)
        #expect(try parseJSON(list.out)["webhooks"]?.arrayValue?.count == 1)
        #expect(!list.out.contains("whsec_"), "a list never shows the secret")
        let disabled = await CLIRun(["webhook", "update", id, "--disable"] + common)
        #expect(try parseJSON(disabled.out)["enabled"] == .bool(false))
        let rotated = await CLIRun(["webhook", "rotate-secret", id] + common)
        #expect(try parseJSON(rotated.out)["secret"] != hook["secret"])
        #expect(await CLIRun(["webhook", "replay", id, "--since", "2026-12-01T00:00:00Z"] + common).status == 0)
        #expect(try parseJSON(await CLIRun(["webhook", "attempts", id] + common).out)["attempts"] == .array([]))
        #expect(await CLIRun(["webhook", "show", id] + common).status == 0)
        #expect(await CLIRun(["webhook", "delete", id] + common).status == 0)
        let gone = await CLIRun(["webhook", "show", id] + common)
        #expect(gone.status == 1 && gone.err.contains("404"))
        let refused = await CLIRun(["webhook", "create", "--url", "ftp://example.com/", "--events", "*"] + common)
        #expect(refused.status == 1 && refused.err.contains("https://"), "\(refused.err)")
        #expect(await CLIRun(["webhook", "create", "--url", "https://example.com/"] + common).status == 2, "no --events")
        #expect(await CLIRun(["webhook", "replay", id, "--since", "yesterday"] + common).status == 2)
        #expect(await CLIRun(["webhook", "show"] + common).status == 2, "no id")
    }
}
