import Foundation
import HeraldCore
import HeraldGateway
import HeraldStore

extension AppCommand {
    /// `herald app import-devices --app ID FILE|-`: JSON lines, validated, one transaction.
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
            guard let token = value["token"]?.stringValue.flatMap(DeviceToken.init(hex:)), (8...100).contains(token.bytes.count) else {
                throw ValidationError(place, "\"token\" must be the device token in hex")
            }
            guard let environment = value["environment"]?.stringValue.flatMap(APNsEnvironment.init(rawValue:)) else {
                throw ValidationError(place, "\"environment\" must be sandbox or production")
            }
            let interests = value["interests"]?.arrayValue?.compactMap(\.stringValue)
            let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-=@,.;".utf8)
            for interest in interests ?? [] where !(1...164).contains(interest.utf8.count) || !interest.utf8.allSatisfy(allowed.contains) {
                throw ValidationError(place, "\"\(interest)\" is not an interest name: 1 to 164 of A-Z a-z 0-9 _ - = @ , . ;")
            }
            let user = value["userId"]?.stringValue
            let attributes: DeviceAttributes
            do {
                attributes = try DeviceAttributes(fieldsOf: value)
            } catch {
                throw ValidationError(place, error.description)
            }
            registrations.append(
                DeviceRegistration(
                    token: token.hex, environment: environment, interests: interests, userID: user.map { .some($0) },
                    attributes: attributes))
        }
        // One transaction however many devices: an hour for it, not a request's few seconds.
        let store = try location.open(connections: 2, timeout: 3600)
        guard try store.app(id: appID) != nil else { throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps") }
        let created = try store.importDevices(appID: appID, registrations, now: Date().timeIntervalSince1970)
        terminal.print(JSONWriter.serialize(["appId": .string(appID), "devices": .int(registrations.count), "created": .int(created)]))
        return 0
    }
}
