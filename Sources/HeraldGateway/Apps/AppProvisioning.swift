import Foundation
import HeraldAPNsModel
import HeraldFCMModel
import HeraldShared
import HeraldStore

/// Creates apps and rotates their keys: what `herald app` does, as a library.
public struct AppProvisioning: Sendable {
    public let store: any GatewayStore

    public init(store: any GatewayStore) {
        self.store = store
    }

    /// A new app's id, its two keys (shown once, never stored in clear) and the secret its
    /// backend signs user tokens with.
    public struct Created: Sendable {
        public var appID: String
        public var serverKey: APIKey
        public var clientKey: APIKey
        public var userTokenSecret: String
    }

    /// A new user-token secret: `hus_` and 64 hex digits (256 random bits from the kernel).
    public static func makeUserTokenSecret() -> String { Identifier.make("hus_", bytes: 32) }

    /// Validates and stores a new app with fresh keys, its APNs credentials and its FCM
    /// credentials if any. A new app has no grace period: the client key never acts for a device.
    public func create(
        name: String, bundleID: String, credentials: [APNSCredentials], fcmCredentials: FCMCredentials? = nil, rateLimit: Double?,
        now: Double
    ) throws -> Created {
        try Self.validate(name: name, bundleID: bundleID, rateLimit: rateLimit)
        let server = APIKey.generate(.server), client = APIKey.generate(.client)
        let secret = Self.makeUserTokenSecret()
        let id = Identifier.make("app_").prefix(20)
        try store.createApp(
            AppRecord(
                id: String(id), name: name, bundleID: bundleID, serverKeyHash: server.hash, clientKeyHash: client.hash,
                userTokenSecret: secret, legacyDeviceAccess: false, credentials: credentials, fcmCredentials: fcmCredentials,
                rateLimit: rateLimit, createdAt: now))
        return Created(appID: String(id), serverKey: server, clientKey: client, userTokenSecret: secret)
    }

    /// What `rotate` can replace.
    public enum Secret: String, Sendable, Hashable, CaseIterable {
        case serverKey, clientKey, userTokenSecret
    }

    /// Replaces the chosen keys and secret; the old ones stop working at once. The new
    /// values by the name `herald app` prints them under (`serverKey`, `clientKey`, `userTokenSecret`).
    public func rotate(appID: String, _ secrets: Set<Secret>) throws -> [Secret: String] {
        let server = secrets.contains(.serverKey) ? APIKey.generate(.server) : nil
        let client = secrets.contains(.clientKey) ? APIKey.generate(.client) : nil
        let userToken = secrets.contains(.userTokenSecret) ? Self.makeUserTokenSecret() : nil
        guard try store.updateKeys(appID: appID, server: server?.hash, client: client?.hash, userTokenSecret: userToken) else {
            throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps")
        }
        var made: [Secret: String] = [:]
        made[.serverKey] = server?.secret
        made[.clientKey] = client?.secret
        made[.userTokenSecret] = userToken
        return made
    }

    /// Checks a new app's name, bundle id and rate limit (before anything is written).
    public static func validate(name: String, bundleID: String, rateLimit: Double?) throws {
        try validate(name: name)
        try validate(bundleID: bundleID)
        if let rateLimit, !(rateLimit > 0 && rateLimit.isFinite) {
            throw ValidationError("--rate-limit", "must be a positive number of notifications per second, found \(rateLimit)")
        }
    }

    /// Sets the zone local-time publishes use for the app's devices without one, checked by
    /// the rule devices' zones follow; `UTC` is kept as none (the default).
    public static func setDefaultTimeZone(store: any AppStore, appID: String, zone: String) throws {
        let checked = try FieldRules.timeZone(zone, "--zone")
        guard try store.setDefaultTimeZone(appID: appID, checked == "UTC" ? nil : checked) else {
            throw StoreError(.notFound, "no app \(appID); 'herald app list' shows the apps")
        }
    }

    static func validate(name: String) throws {
        guard !name.isEmpty, name.count <= 200 else { throw ValidationError("--name", "give a name of 1 to 200 characters") }
    }

    /// A bundle id: reverse-DNS letters, digits, `-` and `.` (it is the APNs topic).
    static func validate(bundleID: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
        guard !bundleID.isEmpty, bundleID.count <= 155, bundleID.allSatisfy(allowed.contains), bundleID.contains("."),
            !bundleID.hasPrefix("."), !bundleID.hasSuffix(".")
        else {
            throw ValidationError(
                "--bundle-id", "\"\(bundleID)\" is not a bundle id; give the app's reverse-DNS id, such as com.example.app")
        }
    }

    /// Token credentials from a `.p8` file, checked for shape.
    public static func tokenCredentials(
        environment: APNsEnvironment, authKeyFile: String, keyID: String, teamID: String, endpoint: String?, caFile: String?
    ) throws -> APNSCredentials {
        try validateTenCharacter(keyID, field: "--key-id", what: "the key id Apple shows beside the .p8 key")
        try validateTenCharacter(teamID, field: "--team-id", what: "your Apple developer team id")
        let pem = try readPEM(authKeyFile, field: "--auth-key", marker: "PRIVATE KEY", what: "the .p8 key downloaded from Apple")
        try validate(endpoint: endpoint, caFile: caFile)
        return APNSCredentials(
            environment: environment, method: .token(keyID: keyID, teamID: teamID, privateKeyPEM: pem), endpoint: endpoint, caFile: caFile)
    }

    /// Certificate credentials from a PEM holding the certificate and its key.
    public static func certificateCredentials(environment: APNsEnvironment, certificateFile: String, endpoint: String?, caFile: String?)
        throws -> APNSCredentials
    {
        let pem = try readPEM(
            certificateFile, field: "--certificate", marker: "CERTIFICATE", what: "a PEM with the push certificate and its private key")
        guard pem.contains("PRIVATE KEY-----") else {
            throw ValidationError(
                "--certificate", "\(certificateFile) holds no private key; export the certificate with its key as one PEM")
        }
        try validate(endpoint: endpoint, caFile: caFile)
        return APNSCredentials(environment: environment, method: .certificate(pem: pem), endpoint: endpoint, caFile: caFile)
    }

    private static func validateTenCharacter(_ value: String, field: String, what: String) throws {
        guard value.count == 10, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw ValidationError(field, "\"\(value)\" is not 10 letters and digits; give \(what)")
        }
    }

    private static func validate(endpoint: String?, caFile: String?) throws {
        if let endpoint {
            guard let url = URL(string: endpoint), url.scheme == "https" || url.scheme == "http", url.host != nil else {
                throw ValidationError("--apns-endpoint", "\"\(endpoint)\" is not an http(s) URL such as https://127.0.0.1:2197")
            }
        }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw ValidationError(
                "--apns-ca", "\(caFile): no such readable file; give the CA certificate (PEM) the endpoint's certificate is signed with")
        }
    }

    private static func readPEM(_ path: String, field: String, marker: String, what: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ValidationError(field, "\(path): no such readable file; give \(what)")
        }
        guard let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN"), text.contains(marker) else {
            throw ValidationError(field, "\(path) is not a PEM file with a \(marker); give \(what)")
        }
        return text
    }
}
