import Foundation
import HeraldAuth
import HeraldCore
import HeraldGateway
import HeraldStore

extension AppCommand {
    /// `herald app user-token`: a user token as the app's backend would sign it, for trying
    /// `PUT …/devices/{id}/user` and `herald device --user` by hand.
    static func userToken(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let appID = try arguments.required(Self.app)
        let user = try arguments.required(Self.user)
        let lifetime = arguments[Self.lifetime]
        guard let app = try location.open(connections: 2).app(id: appID) else {
            throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps")
        }
        guard let secret = app.userTokenSecret else {
            throw ValidationError(
                "--app", "app \(appID) has no user-token secret yet; make one with 'herald app rotate-key --app \(appID) --key user-token'")
        }
        let signer = try UserTokenSigner(appID: appID, secret: secret)
        terminal.print(try signer.token(userID: user, now: Date().timeIntervalSince1970, lifetime: lifetime))
        return 0
    }

    /// `herald app time-zone`: the zone local-time publishes use for devices without one.
    static func timeZone(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let appID = try arguments.required(Self.app)
        let zone = try arguments.required(Self.zone)
        try AppProvisioning.setDefaultTimeZone(store: try location.open(connections: 2), appID: appID, zone: zone)
        terminal.print(JSONWriter.serialize(["appId": .string(appID), "defaultTimeZone": .string(zone)]))
        return 0
    }

    /// `herald app legacy-access`: the upgrade's grace period for devices without a key.
    static func legacyAccess(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let appID = try arguments.required(Self.app)
        guard arguments[Self.on] != arguments[Self.off] else { throw UsageError("give --on or --off") }
        let store = try location.open(connections: 2)
        guard try store.setLegacyDeviceAccess(appID: appID, arguments[Self.on]) else {
            throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps")
        }
        terminal.print(
            JSONWriter.serialize([
                "appId": .string(appID), "legacyDeviceAccess": .bool(arguments[Self.on]),
                "keylessDevices": .int(try store.keylessDeviceCount(appID: appID)),
            ]))
        return 0
    }
}
