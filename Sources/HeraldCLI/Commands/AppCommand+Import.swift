import Foundation
import HeraldCore
import HeraldGateway
import HeraldStore

extension AppCommand {
    /// `herald app import-devices --app ID FILE|-`: JSON lines, each checked by the API's rules
    /// for a device (`DeviceFields`), one transaction.
    static func importDevices(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let appID = try arguments.required(Self.app)
        guard arguments.positionals.count == 2 else { throw UsageError("give one file of JSON lines, or - for standard input") }
        let input = try PayloadInput.read([arguments.positionals[1]], terminal: terminal, what: "a file of JSON lines")[0]
        var registrations: [DeviceRegistration] = []
        for (index, line) in input.bytes.split(separator: UInt8(ascii: "\n")).enumerated() where !line.allSatisfy({ $0 == 32 || $0 == 13 })
        {
            let place = "\(input.name) line \(index + 1)"
            let value: JSONValue
            do {
                value = try JSONParser().parse(Array(line))
            } catch {
                throw ValidationError(place, "not valid JSON: \(error)")
            }
            do {
                registrations.append(try DeviceFields.imported(value))
            } catch let error as ValidationError {
                throw ValidationError(place, "\(error.field): \(error.message)")
            }
        }
        // One transaction however many devices: an hour for it, not a request's few seconds.
        let store = try location.open(connections: 2, timeout: 3600)
        guard try store.app(id: appID) != nil else { throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps") }
        let created = try store.importDevices(appID: appID, registrations, now: Date().timeIntervalSince1970)
        terminal.print(JSONWriter.serialize(["appId": .string(appID), "devices": .int(registrations.count), "created": .int(created)]))
        return 0
    }
}
