import Foundation
import HeraldCore
import HeraldGateway
import HeraldShared

/// `herald device --platform fcm`: a simulated Android device (`AndroidDeviceSession`).
extension DeviceCommand {
    @MainActor
    static func runAndroid(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        let setup: (options: AndroidDeviceSession.Options, gateway: URL, app: String, key: String, record: String)
        // The device's own folder (its key, its receipts outbox), as an app's data folder.
        let storage = FileManager.default.temporaryDirectory.appendingPathComponent("herald-android-device-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: storage) }
        let session: AndroidDeviceSession
        do {
            setup = try androidSettings(arguments)
            try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
            session = try AndroidDeviceSession(
                options: setup.options, storage: storage, records: RecordFileReader(path: setup.record),
                client: { GatewayClient(baseURL: setup.gateway, appID: setup.app, clientKey: setup.key, stateDirectory: $0) },
                print: { terminal.print($0) })
        } catch {
            return usage("\(error)", terminal)
        }
        let name = setup.options.run.name
        do {
            if try await session.run() { return 0 }
        } catch {
            return fail("\(name): \(error)", terminal, status: 1)
        }
        return shortfall(
            session.loop, name: name, expect: setup.options.run.expect, timeout: setup.options.run.timeout, what: "messages", record: setup.record,
            simulator: "fcm-sim", terminal: terminal)
    }

    private static func androidSettings(_ arguments: Arguments) throws -> (
        options: AndroidDeviceSession.Options, gateway: URL, app: String, key: String, record: String
    ) {
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument \(arguments.positionals[0])") }
        // The options an iOS device has and an Android one does not: refused, not ignored.
        let iOSOnly = [
            (Self.scenarioFile.descriptor.name, arguments.given(Self.scenarioFile)),
            (Self.serviceExtension.descriptor.name, arguments.given(Self.serviceExtension)),
            (Self.liveActivity.descriptor.name, arguments.given(Self.liveActivity)),
            (Self.environment.descriptor.name, arguments.given(Self.environment)),
        ]
        if let (name, _) = iOSOnly.first(where: \.1) {
            throw UsageError("--\(name) is for an iOS device; an Android device (--platform fcm) has no such option")
        }
        guard let gateway = arguments[Self.gateway] else { throw UsageError("--gateway is required: \(Self.gateway.descriptor.synopsis)") }
        let token: String
        do {
            token = try DeviceFields.fcmToken(try arguments.required(Self.token), field: "--token")
        } catch let error as ValidationError {
            throw UsageError(error.description)
        }
        let options = AndroidDeviceSession.Options(run: try deviceRun(arguments, defaultName: String(token.prefix(8))), token: token)
        return (options, gateway, try arguments.required(Self.app), try arguments.required(Self.clientKey), try arguments.required(Self.record))
    }
}
