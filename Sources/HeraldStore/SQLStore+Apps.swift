import HeraldAPNsModel
import HeraldFCMModel
import HeraldShared

/// Apps and their APNs and FCM credentials. Each runs in the caller's transaction.
extension SQLStore {
    static func createApp(_ db: Database, _ app: AppRecord) throws {
        try db.execute(
            AppStatements.insert,
            [
                .text(app.id), .text(app.name), .text(app.bundleID), .text(app.serverKeyHash), .text(app.clientKeyHash),
                .optional(app.userTokenSecret), .bool(app.legacyDeviceAccess), .optional(app.rateLimit), .double(app.createdAt),
            ])
        for credentials in app.credentials { try saveCredentials(db, appID: app.id, credentials) }
        if let fcm = app.fcmCredentials { try saveFCMCredentials(db, appID: app.id, fcm) }
    }

    static func app(_ db: Database, id: String) throws -> AppRecord? {
        try loadApps(db, AppStatements.appByID, [.text(id)]).first
    }

    static func apps(_ db: Database) throws -> [AppRecord] {
        try loadApps(db, AppStatements.allApps, [])
    }

    static func updateKeys(_ db: Database, appID: String, server: String?, client: String?, userTokenSecret: String?) throws -> Bool {
        try db.execute(
            AppStatements.updateKeys, [.optional(server), .optional(client), .optional(userTokenSecret), .text(appID)]) > 0
    }

    static func setLegacyDeviceAccess(_ db: Database, appID: String, _ enabled: Bool) throws -> Bool {
        try db.execute(AppStatements.setLegacyDeviceAccess, [.bool(enabled), .text(appID)]) > 0
    }

    static func setDefaultTimeZone(_ db: Database, appID: String, _ zone: String?) throws -> Bool {
        try db.execute(AppStatements.setDefaultTimeZone, [.optional(zone), .text(appID)]) > 0
    }

    static func setCredentials(_ db: Database, appID: String, _ credentials: APNSCredentials) throws -> Bool {
        guard try !db.query(AppStatements.appExists, [.text(appID)], { _ in () }).isEmpty else { return false }
        try saveCredentials(db, appID: appID, credentials)
        // New credentials: a pause for the old ones' refusal (or their absence) is over.
        _ = try endRoutePause(db, appID: appID, route: .apns(credentials.environment))
        return true
    }

    static func setFCMCredentials(_ db: Database, appID: String, _ credentials: FCMCredentials) throws -> Bool {
        guard try !db.query(AppStatements.appExists, [.text(appID)], { _ in () }).isEmpty else { return false }
        try saveFCMCredentials(db, appID: appID, credentials)
        _ = try endRoutePause(db, appID: appID, route: .fcm)
        return true
    }

    private static func saveFCMCredentials(_ db: Database, appID: String, _ credentials: FCMCredentials) throws {
        try db.execute(
            AppStatements.saveFCMCredentials,
            [
                .text(appID), .text(credentials.projectID), .text(credentials.clientEmail), .text(credentials.serviceAccountJSON),
                .optional(credentials.endpoint), .optional(credentials.caFile),
            ])
    }

    private static func saveCredentials(_ db: Database, appID: String, _ credentials: APNSCredentials) throws {
        let (method, keyID, teamID, pem): (String, String?, String?, String) =
            switch credentials.method {
            case .token(let keyID, let teamID, let pem): ("token", keyID, teamID, pem)
            case .certificate(let pem): ("certificate", nil, nil, pem)
            }
        try db.execute(
            AppStatements.saveCredentials,
            [
                .text(appID), .text(credentials.environment.rawValue), .text(method), .optional(keyID), .optional(teamID), .text(pem),
                .optional(credentials.endpoint), .optional(credentials.caFile),
            ])
    }

    /// The app an unknown id's authorization reads instead (any app; nil before the first).
    static func decoyApp(_ db: Database) throws -> String? {
        try db.query(AppStatements.decoy, []) { try $0.optionalString(0) }.first ?? nil
    }

    /// The app without its credentials, with the same work whether it exists or not: one
    /// statement that reads one app row, that app's or, for an unknown id, the `decoy`'s;
    /// `nil` unless the row is the app asked for. So the work of a 401 does not tell a
    /// known app id from an unknown one.
    static func appKeys(_ db: Database, id: String, decoy: String?) throws -> AppRecord? {
        let rows = try db.query(AppStatements.appKeys, [.text(id), .text(decoy ?? "")]) { row in
            (asked: try row.bool(0), app: try appRecord(row, from: 1))
        }
        return rows.first.flatMap { $0.asked ? $0.app : nil }
    }

    /// An app from the columns id, name, bundle_id, server_key_hash, client_key_hash,
    /// rate_limit, created_at, user_token_secret, legacy_device_access, default_time_zone at `first`.
    private static func appRecord(_ row: Database.Row, from first: Int) throws -> AppRecord {
        AppRecord(
            id: try row.string(first), name: try row.string(first + 1), bundleID: try row.string(first + 2),
            serverKeyHash: try row.string(first + 3), clientKeyHash: try row.string(first + 4),
            userTokenSecret: try row.optionalString(first + 7), legacyDeviceAccess: try row.bool(first + 8),
            rateLimit: try row.optionalDouble(first + 5), defaultTimeZone: try row.optionalString(first + 9),
            createdAt: try row.double(first + 6))
    }

    /// Apps with their APNs and FCM credentials.
    private static func loadApps(_ db: Database, _ sql: SQLStatement, _ values: [SQLValue]) throws -> [AppRecord] {
        var apps = try db.query(sql, values) { try appRecord($0, from: 0) }
        for index in apps.indices {
            apps[index].credentials = try db.query(AppStatements.credentials, [.text(apps[index].id)]) { row in
                let method: APNSCredentials.Method =
                    try row.string(1) == "token"
                    ? .token(keyID: try row.string(2), teamID: try row.string(3), privateKeyPEM: try row.string(4))
                    : .certificate(pem: try row.string(4))
                return APNSCredentials(
                    environment: APNsEnvironment(rawValue: try row.string(0)) ?? .production, method: method,
                    endpoint: try row.optionalString(5), caFile: try row.optionalString(6))
            }
            apps[index].fcmCredentials = try db.query(AppStatements.fcmCredentials, [.text(apps[index].id)]) { row in
                FCMCredentials(
                    stored: try row.string(2), projectID: try row.string(0), clientEmail: try row.string(1),
                    endpoint: try row.optionalString(3), caFile: try row.optionalString(4))
            }.first
        }
        return apps
    }
}

/// The public methods whose transaction and body are the same on both stores, over each
/// store's own `read` and `write`.
extension SQLStore {
    /// Without credentials (a key check, the health probe): the same work whether the app
    /// exists or not (`appKeys`), the decoy found once there is an app, on the key checks'
    /// own connections (`keyRead`).
    public func app(id: String, includingCredentials: Bool) throws -> AppRecord? {
        guard !includingCredentials else { return try snapshot { db in try Self.app(db, id: id) } }
        return try keyRead { db in
            var decoy = decoyAppID.current
            if decoy == nil {
                decoy = try Self.decoyApp(db)
                decoyAppID.withLock { $0 = decoy }
            }
            return try Self.appKeys(db, id: id, decoy: decoy)
        }
    }

    public func createApp(_ app: AppRecord) throws {
        try write { db in try Self.createApp(db, app) }
    }

    public func apps() throws -> [AppRecord] {
        try snapshot { db in try Self.apps(db) }
    }

    public func updateKeys(appID: String, server: String?, client: String?, userTokenSecret: String?) throws -> Bool {
        try write { db in try Self.updateKeys(db, appID: appID, server: server, client: client, userTokenSecret: userTokenSecret) }
    }

    public func setLegacyDeviceAccess(appID: String, _ enabled: Bool) throws -> Bool {
        try write { db in try Self.setLegacyDeviceAccess(db, appID: appID, enabled) }
    }

    public func setDefaultTimeZone(appID: String, _ zone: String?) throws -> Bool {
        try write { db in try Self.setDefaultTimeZone(db, appID: appID, zone) }
    }

    public func setCredentials(appID: String, _ credentials: APNSCredentials) throws -> Bool {
        try write { db in try Self.setCredentials(db, appID: appID, credentials) }
    }

    public func setFCMCredentials(appID: String, _ credentials: FCMCredentials) throws -> Bool {
        try write { db in try Self.setFCMCredentials(db, appID: appID, credentials) }
    }
}
