import Foundation
import HeraldFCM
import HeraldFCMModel
import HeraldFCMSimulator
import HeraldShared

/// A running `FCMSimulator` and a client that trusts it, stopped after `body`.
func withSimulator<T>(
    _ configure: (inout FCMSimulatorConfiguration) -> Void = { _ in },
    client adjust: (inout FCMClientConfiguration) -> Void = { _ in }, clock: any ServerClock = LiveServerClock(),
    _ body: (FCMSimulator, FCMClient) async throws -> T
) async throws -> T {
    var configuration = FCMSimulatorConfiguration()
    configure(&configuration)
    let simulator = try FCMSimulator.start(configuration)
    defer { simulator.stop() }
    let account = try FCMServiceAccount(contentsOfFile: simulator.serviceAccountFile)
    var clientConfiguration = FCMClientConfiguration(
        serviceAccount: account, endpoint: simulator.url, caFile: simulator.caFile, requestTimeout: 5,
        backoff: Backoff(base: 0.01, cap: 0.05))
    adjust(&clientConfiguration)
    let client = try FCMClient(configuration: clientConfiguration, clock: clock)
    let result = try await body(simulator, client)
    await client.shutdown()
    return result
}

/// A temporary file path, removed after `body`.
func withTemporaryFile<T>(_ body: (String) async throws -> T) async rethrows -> T {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-fcm-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}
