import Foundation
import HeraldCore
import HeraldGateway
import HeraldStore

extension AppCommand {
    /// `herald app import-devices --app ID FILE|-`: JSON lines, each checked by the API's rules
    /// for a device (`DeviceFields`), one transaction; read a line at a time (`DeviceImportFile`).
    static func importDevices(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let appID = try arguments.required(Self.app)
        guard arguments.positionals.count == 2 else { throw UsageError("give one file of JSON lines, or - for standard input") }
        let file = try DeviceImportFile.check(arguments.positionals[1], terminal: terminal)
        defer { file.remove() }
        // One transaction however many devices: an hour for it, not a request's few seconds.
        let store = try location.open(connections: 2, timeout: 3600)
        guard try store.app(id: appID) != nil else { throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps") }
        let created = try store.importDevices(appID: appID, from: file.source, quota: .unlimited, now: Date().timeIntervalSince1970)
        terminal.print(JSONWriter.serialize(["appId": .string(appID), "devices": .int(file.count), "created": .int(created)]))
        return 0
    }
}
