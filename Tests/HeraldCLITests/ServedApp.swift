import Foundation
import HeraldGateway
import Testing
@testable import HeraldCLI

/// An app made with `herald app create` in a data folder of its own, and `herald serve` on
/// it in this process: what the commands that talk to a gateway's API are tested against.
final class ServedApp {
    let data: String
    let appID: String
    let serverKey: String
    let gateway: GatewayService

    /// `serve` are `herald serve`'s options besides the data folder and the address.
    init(_ name: String, serve: [String] = ["--deliverer", "discard"]) async throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("herald-\(name)-\(UUID().uuidString)").path
        let folder = data
        let created = try await AppCommandTests.withKeyFile { key in
            await CLIRun([
                "app", "create", "--data", folder, "--name", name, "--bundle-id", "com.e.\(name)", "--auth-key", key, "--key-id",
                "ABCDE12345", "--team-id", "TEAM123456",
            ])
        }
        let app = try parseJSON(created.out)
        appID = try #require(app["appId"]?.stringValue)
        serverKey = try #require(app["serverKey"]?.stringValue)
        let settings = try ServeSettings(try Arguments(["--data", data, "--listen", "127.0.0.1:0"] + serve, spec: ServeCommand.spec))
        gateway = try GatewayService(settings: settings)
    }

    /// `--gateway URL --app ID --key KEY`.
    var common: [String] { ["--gateway", "http://127.0.0.1:\(gateway.port)", "--app", appID, "--key", serverKey] }

    deinit {
        gateway.stop()
        try? FileManager.default.removeItem(atPath: data)
    }
}
