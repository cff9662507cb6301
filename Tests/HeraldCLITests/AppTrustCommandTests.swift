import Foundation
import HeraldAuth
import HeraldCore
import HeraldGateway
import Testing
@testable import HeraldStore

/// `herald app` for user tokens and the upgrade's grace period.
@Suite("herald app: user tokens and legacy access")
struct AppTrustCommandTests {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-app-\(UUID().uuidString)").path

    func created() async throws -> (app: String, secret: String) {
        let output = try parseJSON(
            try await AppCommandTests.withKeyFile { key in
                await CLIRun([
                    "app", "create", "--data", data, "--name", "Demo", "--bundle-id", "com.example.demo", "--auth-key", key, "--key-id",
                    "ABCDE12345", "--team-id", "TEAM123456",
                ])
            }.out)
        return (try #require(output["appId"]?.stringValue), try #require(output["userTokenSecret"]?.stringValue))
    }

    @Test("create prints a user-token secret; user-token signs with it; rotating it makes old tokens fail")
    func userTokens() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (app, secret) = try await created()
        #expect(secret.hasPrefix("hus_") && secret.count == 68)
        let run = await CLIRun(["app", "user-token", "--data", data, "--app", app, "--user", "maya", "--lifetime", "600"])
        #expect(run.status == 0, "\(run.err)")
        let token = run.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let now = Date().timeIntervalSince1970
        let claims = try UserTokenVerifier(appID: app, secret: secret).verify(token, userID: "maya", now: now)
        #expect(claims.expiresAt - claims.issuedAt == 600)
        let rotated = try parseJSON(await CLIRun(["app", "rotate-key", "--data", data, "--app", app, "--key", "user-token"]).out)
        let fresh = try #require(rotated["userTokenSecret"]?.stringValue)
        #expect(fresh != secret && rotated["serverKey"] == nil)
        #expect(throws: UserTokenError.self) { try UserTokenVerifier(appID: app, secret: fresh).verify(token, userID: "maya", now: now) }
        #expect(await CLIRun(["app", "user-token", "--data", data, "--app", app, "--user", "maya", "--lifetime", "7200"]).status == 2)
        #expect(await CLIRun(["app", "user-token", "--data", data, "--app", "app_nope", "--user", "maya"]).status == 2)
        let list = await CLIRun(["app", "list", "--data", data, "--json"]).out
        #expect(!list.contains(fresh) && !list.contains(secret), "list never shows the secret")
    }

    @Test("legacy-access turns the grace period on and off and says how many devices have no key")
    func legacyAccess() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (app, _) = try await created()
        #expect(try parseJSON(await CLIRun(["app", "list", "--data", data, "--json"]).out)[0]?["legacyDeviceAccess"] == false)
        let on = await CLIRun(["app", "legacy-access", "--data", data, "--app", app, "--on"])
        #expect(on.status == 0, "\(on.err)")
        #expect(try parseJSON(on.out) == ["appId": .string(app), "legacyDeviceAccess": true, "keylessDevices": 0])
        #expect(try SQLiteStore(directory: URL(fileURLWithPath: data)).app(id: app)?.legacyDeviceAccess == true)
        #expect(await CLIRun(["app", "legacy-access", "--data", data, "--app", app, "--off"]).status == 0)
        #expect(try SQLiteStore(directory: URL(fileURLWithPath: data)).app(id: app)?.legacyDeviceAccess == false)
        #expect(await CLIRun(["app", "legacy-access", "--data", data, "--app", app]).status == 2)
    }

    @Test("time-zone sets the app's default zone for local-time publishes; list shows it; an unknown zone is refused with the option named")
    func timeZone() async throws {
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (app, _) = try await created()
        #expect(try parseJSON(await CLIRun(["app", "list", "--data", data, "--json"]).out)[0]?["defaultTimeZone"] == "UTC")
        let set = await CLIRun(["app", "time-zone", "--data", data, "--app", app, "--zone", "Europe/Berlin"])
        #expect(set.status == 0, "\(set.err)")
        #expect(try parseJSON(set.out) == ["appId": .string(app), "defaultTimeZone": "Europe/Berlin"])
        #expect(try SQLiteStore(directory: URL(fileURLWithPath: data)).app(id: app)?.defaultTimeZone == "Europe/Berlin")
        #expect(try parseJSON(await CLIRun(["app", "list", "--data", data, "--json"]).out)[0]?["defaultTimeZone"] == "Europe/Berlin")
        let bad = await CLIRun(["app", "time-zone", "--data", data, "--app", app, "--zone", "Mars/Olympus"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("--zone"), "\(bad.err)")
        #expect(try SQLiteStore(directory: URL(fileURLWithPath: data)).app(id: app)?.defaultTimeZone == "Europe/Berlin", "nothing changed")
        #expect(await CLIRun(["app", "time-zone", "--data", data, "--app", "app_nope", "--zone", "UTC"]).status != 0)
        #expect(await CLIRun(["app", "time-zone", "--data", data, "--app", app, "--zone", "UTC"]).status == 0)
        #expect(try SQLiteStore(directory: URL(fileURLWithPath: data)).app(id: app)?.defaultTimeZone == nil, "UTC is the default")
    }
}
