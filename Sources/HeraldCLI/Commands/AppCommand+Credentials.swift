import HeraldAPNsModel
import HeraldCore
import HeraldFCMModel
import HeraldGateway
import HeraldStore

extension AppCommand {
    /// `herald app set-credentials`: adds or replaces an app's APNs credentials for one
    /// environment, its FCM credentials, or both; all checked before either is stored.
    static func setCredentials(_ arguments: Arguments, store location: StoreLocation, terminal: Terminal) throws -> Int32 {
        let appID = try arguments.required(Self.app)
        let (apns, fcm) = try allCredentials(arguments)
        let store = try location.open(connections: 2)
        guard try store.app(id: appID, includingCredentials: false) != nil else {
            throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps")
        }
        var answer: [String: JSONValue] = ["appId": .string(appID)]
        if let apns {
            guard try store.setCredentials(appID: appID, apns) else {
                throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps")
            }
            answer["environment"] = .string(apns.environment.rawValue)
        }
        if let fcm {
            guard try store.setFCMCredentials(appID: appID, fcm) else {
                throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps")
            }
            answer["fcm"] = fcmSummary(fcm)
        }
        terminal.print(JSONWriter.serialize(.object(answer)))
        return 0
    }

    /// The APNs credentials, the FCM credentials, or both that the options give, each checked;
    /// a usage error when they give neither.
    static func allCredentials(_ arguments: Arguments) throws -> (apns: APNSCredentials?, fcm: FCMCredentials?) {
        let apns = try credentials(arguments)
        let fcm = try fcmCredentials(arguments)
        guard apns != nil || fcm != nil else {
            throw UsageError(
                "give the APNs credentials (--auth-key FILE --key-id K --team-id T, or --certificate FILE), the FCM service account (--fcm-service-account FILE), or both"
            )
        }
        return (apns, fcm)
    }

    /// What lists show of FCM credentials: the project and the account, never the key.
    static func fcmSummary(_ credentials: FCMCredentials?) -> JSONValue {
        guard let credentials else { return .null }
        return ["projectId": .string(credentials.projectID), "clientEmail": .string(credentials.clientEmail)]
    }

    /// The APNs credentials the options give; nil when they name no key or certificate.
    private static func credentials(_ arguments: Arguments) throws -> APNSCredentials? {
        let environmentText = arguments[Self.environment]
        guard let environment = APNsEnvironment(rawValue: environmentText) else { throw Self.environment.invalid(environmentText) }
        let endpoint = arguments[Self.apnsEndpoint], ca = arguments[Self.apnsCA]
        if ca != nil && endpoint == nil { throw UsageError("--apns-ca needs --apns-endpoint") }
        if let certificate = arguments[Self.certificate] {
            guard arguments[Self.authKey] == nil else { throw UsageError("give either --auth-key or --certificate, not both") }
            return try AppProvisioning.certificateCredentials(
                environment: environment, certificateFile: certificate, endpoint: endpoint, caFile: ca)
        }
        guard let authKey = arguments[Self.authKey] else {
            if arguments[Self.keyID] != nil || arguments[Self.teamID] != nil || endpoint != nil {
                throw UsageError("give the APNs credentials: --auth-key FILE --key-id K --team-id T, or --certificate FILE")
            }
            return nil
        }
        return try AppProvisioning.tokenCredentials(
            environment: environment, authKeyFile: authKey, keyID: try arguments.required(Self.keyID),
            teamID: try arguments.required(Self.teamID),
            endpoint: endpoint, caFile: ca)
    }

    /// The FCM credentials the options give; nil without --fcm-service-account.
    private static func fcmCredentials(_ arguments: Arguments) throws -> FCMCredentials? {
        let endpoint = arguments[Self.fcmEndpoint], ca = arguments[Self.fcmCA]
        guard let file = arguments[Self.fcmServiceAccount] else {
            if endpoint != nil || ca != nil { throw UsageError("--fcm-endpoint and --fcm-ca go with --fcm-service-account FILE") }
            return nil
        }
        return try AppProvisioning.fcmCredentials(serviceAccountFile: file, endpoint: endpoint, caFile: ca)
    }
}
