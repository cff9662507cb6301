import Foundation
import HeraldAPNsModel
import HeraldCore
import HeraldGateway
import HeraldStore

/// `herald app`: create apps, list them, rotate their keys, set their APNs and FCM credentials.
enum AppCommand: Command {
    static let name = "app"
    static let summary = "Create and list the gateway's apps, rotate their keys, set APNs and FCM credentials"
    static let help = """
        Usage:
          herald app create --name N --bundle-id B [APNS] [FCM] [--rate-limit N] [STORE]
          herald app list [--json] [STORE]
          herald app rotate-key --app ID [--key server|client|both|user-token] [STORE]
          herald app user-token --app ID --user U [--lifetime SECONDS] [STORE]
          herald app legacy-access --app ID (--on | --off) [STORE]
          herald app time-zone --app ID --zone ZONE [STORE]
          herald app set-credentials --app ID [APNS] [FCM] [STORE]
          herald app import-devices --app ID FILE|- [STORE]
          herald app export-devices --app ID [STORE] > FILE

        APNS is (--auth-key FILE --key-id K --team-id T | --certificate FILE)
        [--environment sandbox|production] [--apns-endpoint URL --apns-ca FILE]; FCM is
        --fcm-service-account FILE [--fcm-endpoint URL] [--fcm-ca FILE]. create and
        set-credentials take APNS, FCM or both (an app may send to iOS, Android or both).
        The service account is checked (its type, project_id, client_email, an RSA
        private_key, token_uri) and its content stored in the store, not the file's path;
        list shows its project id and client e-mail, never the key.

        STORE is --data DIR (an SQLite folder, ./herald-data by default) or --database URL
        (PostgreSQL), the same as 'herald serve' uses; it may run at the same time.

        create prints {"appId", "serverKey", "clientKey", "userTokenSecret"} as JSON: the
        keys are shown this once (only their SHA-256 is stored). The server key publishes
        and reads statistics (keep it on your backend); the client key only registers
        devices (it ships in the app; each device then acts with its own device key); the
        user-token secret signs the user tokens (HS256 JWTs) your backend gives a logged-in
        user's app, so the device may bind itself to that user. rotate-key prints the new
        key(s) or secret the same way; the old ones stop working at once, also in a running
        'herald serve'. user-token prints a user token for trying it (your backend makes
        them with any JWT library). legacy-access turns the upgrade's grace period on or
        off: while on, the client key still acts for devices registered before device keys
        existed (list shows how many are left). time-zone sets the zone a publish sent at
        a local time uses for the app's devices without one (UTC until set).
        import-devices registers devices from JSON lines ({"token", "platform"?,
        "environment"?, "interests"?, "userId"?, "locale"?, "timeZone"?, "appVersion"?,
        "tags"?, "metadata"?}, one per line; from another provider, another gateway's
        export-devices, or for a benchmark) in one transaction, all or none, and prints
        {"appId", "devices", "created"}. export-devices writes the app's devices (not
        those whose token is dead) as such lines on standard output, the count on
        standard error: moving an app to another store or gateway loses nothing a device
        said about itself.

        Options, by the actions that take them:
        \(OptionHelp.byAction(spec))

        Exit status: 0 on success, 2 on a usage error or invalid input, 1 when the data
        folder or the database cannot be used.
        """
    static let actions = [
        "create", "list", "rotate-key", "set-credentials", "import-devices", "export-devices", "user-token", "legacy-access", "time-zone",
    ]

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        guard let action = arguments.positionals.first, actions.contains(action),
            action == "import-devices" || arguments.positionals.count == 1
        else {
            return usage("expected one of \(actions.joined(separator: ", "))", terminal)
        }
        let store: StoreLocation
        do {
            store = try StoreOptions.location(arguments, environment: ProcessInfo.processInfo.environment, creating: action == "create")
        } catch {
            return usage("\(error)", terminal)
        }
        do {
            switch action {
            case "create": return try create(arguments, store: store, terminal: terminal)
            case "list": return try list(arguments, store: store, terminal: terminal)
            case "rotate-key": return try rotate(arguments, store: store, terminal: terminal)
            case "import-devices": return try importDevices(arguments, store: store, terminal: terminal)
            case "export-devices": return try exportDevices(arguments, store: store, terminal: terminal)
            case "user-token": return try userToken(arguments, store: store, terminal: terminal)
            case "legacy-access": return try legacyAccess(arguments, store: store, terminal: terminal)
            case "time-zone": return try timeZone(arguments, store: store, terminal: terminal)
            default: return try setCredentials(arguments, store: store, terminal: terminal)
            }
        } catch let error as ValidationError {
            return fail("\(error)", terminal)
        } catch let error as UsageError {
            return usage("\(error)", terminal)
        } catch let error as InputError {
            return fail("\(error)", terminal)
        } catch let error as StoreError where error.reason == .notFound {
            return fail("\(error)", terminal)
        } catch {
            return fail("\(store): \(error)", terminal, status: 1)
        }
    }

    private static func create(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let name = try arguments.required(Self.appName)
        let bundleID = try arguments.required(Self.bundleID)
        let (apns, fcm) = try allCredentials(arguments)
        let rateLimit = arguments[Self.rateLimit]
        try AppProvisioning.validate(name: name, bundleID: bundleID, rateLimit: rateLimit)
        let provisioning = AppProvisioning(store: try location.open(connections: 2))
        let created = try provisioning.create(
            name: name, bundleID: bundleID, credentials: apns.map { [$0] } ?? [], fcmCredentials: fcm, rateLimit: rateLimit,
            now: Date().timeIntervalSince1970)
        terminal.print(
            JSONWriter.serialize([
                "appId": .string(created.appID), "serverKey": .string(created.serverKey.secret),
                "clientKey": .string(created.clientKey.secret), "userTokenSecret": .string(created.userTokenSecret),
            ]))
        return 0
    }

    private static func list(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let store = try location.open(connections: 2)
        let apps = try store.apps()
        let keyless = try apps.map { try store.keylessDeviceCount(appID: $0.id) }
        let values: [JSONValue] = zip(apps, keyless).map { app, keyless in
            [
                "appId": .string(app.id), "name": .string(app.name), "bundleId": .string(app.bundleID),
                "environments": .array(app.credentials.map { .string($0.environment.rawValue) }),
                "rateLimit": app.rateLimit.map(JSONValue.double) ?? .null, "userTokenSecret": .bool(app.userTokenSecret != nil),
                "legacyDeviceAccess": .bool(app.legacyDeviceAccess), "keylessDevices": .int(keyless), "fcm": fcmSummary(app.fcmCredentials),
                "defaultTimeZone": .string(app.defaultTimeZone ?? "UTC"),
            ]
        }
        if arguments[Self.json] {
            terminal.print(JSONWriter.serialize(.array(values)))
        } else if apps.isEmpty {
            terminal.print("no apps; create one with 'herald app create'")
        } else {
            for (app, keyless) in zip(apps, keyless) {
                let environments = app.credentials.map(\.environment.rawValue).joined(separator: ",")
                let legacy = app.legacyDeviceAccess ? "  legacy access on (\(keyless) keyless devices)" : ""
                let fcm = app.fcmCredentials.map { "  FCM \($0.projectID) (\($0.clientEmail))" } ?? ""
                let apns = environments.isEmpty ? (fcm.isEmpty ? "no credentials" : "no APNs credentials") : environments
                terminal.print("\(app.id)  \(app.bundleID)  \(app.name)  [\(apns)]\(fcm)\(legacy)")
            }
        }
        return 0
    }

    private static func rotate(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let appID = try arguments.required(Self.app)
        let secrets: Set<AppProvisioning.Secret>
        switch arguments[Self.key] {
        case "server": secrets = [.serverKey]
        case "client": secrets = [.clientKey]
        case "user-token": secrets = [.userTokenSecret]
        default: secrets = [.serverKey, .clientKey]
        }
        let made = try AppProvisioning(store: try location.open(connections: 2)).rotate(appID: appID, secrets)
        var object: [String: JSONValue] = ["appId": .string(appID)]
        for (secret, value) in made { object[secret.rawValue] = .string(value) }
        terminal.print(JSONWriter.serialize(.object(object)))
        return 0
    }
}
