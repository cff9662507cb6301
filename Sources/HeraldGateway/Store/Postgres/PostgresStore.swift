import Foundation
import HeraldAPNsModel
import HeraldCore

/// The shared store: one PostgreSQL database that any number of `herald serve` and
/// `herald app` processes use at once (`--database postgres://…`).
///
/// Each call checks a connection out of a `PostgresPool` and runs as one transaction
/// (`PostgresConnection.transaction`: READ COMMITTED, run again on a serialization failure
/// or deadlock, and after a lost connection). Where SQLite's single writer made a call
/// safe, rows are locked instead: a device's row before its interests, the app's row
/// before a quota check, a publish's row before its fan-out cursor or its cancelling;
/// deliveries are claimed with `FOR UPDATE SKIP LOCKED`. Every method keeps
/// `SQLiteStore`'s semantics. PostgreSQL's errors become `StoreError`s: the server out of
/// reach is `.unavailable` (the API's 503 with Retry-After), never a crash. Each call ends
/// within `timeout` seconds (waiting for a connection included): a server that stops
/// answering makes it `.unavailable` then, and the connection it held is closed.
public final class PostgresStore: GatewayStore, @unchecked Sendable {
    let pool: PostgresPool
    private let url: String
    /// The URL with its password as `***`.
    public let redactedURL: String
    private let lock = NSLock()
    /// An app whose row is read, as a decoy, when authorization asks for an unknown app
    /// (see `appKeys`); found once there is an app. Read and set under `lock`.
    private var decoyAppID: String?

    /// The process this store claims deliveries for (`PostgresStore+Leases`).
    public let instance: GatewayInstance
    /// Whether device writes (registrations, interests, users, deletions) wait for their
    /// WAL flush like every other commit (`--durability full`). By default they do not,
    /// which is SQLite's default (`publishes`) on PostgreSQL: publishes, deliveries and
    /// receipts wait for the disk; a device write is answered once committed, and a crash
    /// of the database server can lose the last fraction of a second of them (a device
    /// registers again at its next launch). Every registration of an app updates the app's
    /// counters, so they commit one after another: waiting for the disk in each halves
    /// their rate.
    public let deviceWritesWaitForDisk: Bool

    /// Connects to the database at `url` (`postgres://user:password@host:port/db`, TLS per
    /// its `sslmode`) with up to `connections` connections, and migrates it (without a
    /// deadline: a migration may rewrite large tables). `instance` is the process whose
    /// claims this store makes (another store on the same database with another instance
    /// is, to the leases, another process). `timeout`: each call's deadline, in seconds.
    public init(
        url: String, connections: Int = 8, timeout: Double = StoreDeadline.defaultTimeout, instance: GatewayInstance = .current(),
        deviceWritesWaitForDisk: Bool = false
    ) throws {
        self.url = url
        self.instance = instance
        self.deviceWritesWaitForDisk = deviceWritesWaitForDisk
        pool = PostgresPool(url: url, size: max(1, connections), timeout: timeout)
        redactedURL = PostgresURL(url).redacted
        try read { db in try db.withoutTimeouts { try PostgresSchema.migrate(db) } }
    }

    /// Each call's deadline, in seconds.
    public var timeout: Double { pool.timeout }

    /// Runs `body` on a pooled connection, outside a transaction (one statement, or
    /// statements that need not see one state). A connection found lost is opened again
    /// and `body` run once more; PostgreSQL's errors become `StoreError`s.
    func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        do {
            return try pool.withConnection { db in
                do {
                    return try body(db)
                } catch let error as PostgresError where error.reason == .connection && db.isBroken {
                    return try body(db)
                }
            }
        } catch let error as PostgresError {
            throw StoreError(error)
        }
    }

    /// Runs `body` in one transaction on a pooled connection (see `PostgresConnection.transaction`).
    func write<T>(
        _ isolation: PostgresIsolation = .readCommitted, waitForFlush: Bool = true, _ body: (PostgresConnection) throws -> T
    ) throws -> T {
        do {
            return try pool.withConnection { db in try db.transaction(isolation, waitForFlush: waitForFlush) { try body($0) } }
        } catch let error as PostgresError {
            throw StoreError(error)
        }
    }

    /// A `write` for device data: without its WAL flush unless `deviceWritesWaitForDisk`.
    func deviceWrite<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try write(waitForFlush: deviceWritesWaitForDisk, body)
    }

    /// Hears of publishes other processes commit (`PostgresPublishWatch`).
    public func watchPublishes(_ wake: @escaping @Sendable () -> Void) throws -> (any PublishWatch)? {
        do {
            return try PostgresPublishWatch(url: url, timeout: timeout, wake: wake)
        } catch {
            throw StoreError(error)
        }
    }

    // MARK: Apps

    public func createApp(_ app: AppRecord) throws {
        try write { db in
            try db.execute(
                """
                INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, user_token_secret, legacy_device_access,
                rate_limit, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                """,
                [
                    .text(app.id), .text(app.name), .text(app.bundleID), .text(app.serverKeyHash), .text(app.clientKeyHash),
                    .optional(app.userTokenSecret), .bool(app.legacyDeviceAccess), .optional(app.rateLimit), .double(app.createdAt),
                ])
            for credentials in app.credentials { try Self.saveCredentials(db, appID: app.id, credentials) }
        }
    }

    public func app(id: String, includingCredentials: Bool) throws -> AppRecord? {
        try read { db in
            guard includingCredentials else { return try appKeys(db, id: id) }
            return try Self.loadApps(db, where: "WHERE id = $1", [.text(id)]).first
        }
    }

    public func apps() throws -> [AppRecord] {
        try read { db in try Self.loadApps(db, where: "ORDER BY created_at, id COLLATE \"C\"", []) }
    }

    public func updateKeys(appID: String, server: String?, client: String?, userTokenSecret: String?) throws -> Bool {
        try write { db in
            try db.execute(
                """
                UPDATE apps SET server_key_hash = coalesce($1, server_key_hash), client_key_hash = coalesce($2, client_key_hash),
                user_token_secret = coalesce($3, user_token_secret) WHERE id = $4
                """, [.optional(server), .optional(client), .optional(userTokenSecret), .text(appID)]) > 0
        }
    }

    public func setLegacyDeviceAccess(appID: String, _ enabled: Bool) throws -> Bool {
        try write { db in
            try db.execute("UPDATE apps SET legacy_device_access = $1 WHERE id = $2", [.bool(enabled), .text(appID)]) > 0
        }
    }

    public func setCredentials(appID: String, _ credentials: APNSCredentials) throws -> Bool {
        try write { db in
            guard try !db.query("SELECT 1 FROM apps WHERE id = $1 FOR SHARE", [.text(appID)]).isEmpty else { return false }
            try Self.saveCredentials(db, appID: appID, credentials)
            return true
        }
    }

    private static func saveCredentials(_ db: PostgresConnection, appID: String, _ credentials: APNSCredentials) throws {
        let (method, keyID, teamID, pem): (String, String?, String?, String) =
            switch credentials.method {
            case .token(let keyID, let teamID, let pem): ("token", keyID, teamID, pem)
            case .certificate(let pem): ("certificate", nil, nil, pem)
            }
        try db.execute(
            """
            INSERT INTO app_credentials (app_id, environment, method, key_id, team_id, pem, endpoint, ca_file)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (app_id, environment) DO UPDATE SET method = excluded.method,
            key_id = excluded.key_id, team_id = excluded.team_id, pem = excluded.pem, endpoint = excluded.endpoint,
            ca_file = excluded.ca_file
            """,
            [
                .text(appID), .text(credentials.environment.rawValue), .text(method), .optional(keyID), .optional(teamID), .text(pem),
                .optional(credentials.endpoint), .optional(credentials.caFile),
            ])
    }

    /// The app without its credentials, with the same work whether it exists or not (as
    /// `SQLiteStore` does): one statement that reads one app row, that app's or, for an
    /// unknown id, the decoy's; `nil` unless the row is the app asked for.
    private func appKeys(_ db: PostgresConnection, id: String) throws -> AppRecord? {
        var decoy = lock.withLock { decoyAppID }
        if decoy == nil {
            decoy = try db.query("SELECT min(id) FROM apps")[0].optionalString(0)
            lock.withLock { decoyAppID = decoy }
        }
        let rows = try db.query(
            """
            SELECT a.id = $1, a.id, a.name, a.bundle_id, a.server_key_hash, a.client_key_hash, a.rate_limit, a.created_at,
            a.user_token_secret, a.legacy_device_access
            FROM apps a WHERE a.id = coalesce((SELECT id FROM apps WHERE id = $1), $2)
            """, [.text(id), .text(decoy ?? "")])
        guard let row = rows.first, try row.bool(0) else { return nil }
        return try Self.appRecord(row, from: 1)
    }

    /// An app from the columns id, name, bundle_id, server_key_hash, client_key_hash,
    /// rate_limit, created_at, user_token_secret, legacy_device_access at `first`.
    private static func appRecord(_ row: PostgresRow, from first: Int) throws -> AppRecord {
        AppRecord(
            id: try row.string(first), name: try row.string(first + 1), bundleID: try row.string(first + 2),
            serverKeyHash: try row.string(first + 3), clientKeyHash: try row.string(first + 4),
            userTokenSecret: try row.optionalString(first + 7), legacyDeviceAccess: try row.bool(first + 8),
            rateLimit: try row.optionalDouble(first + 5), createdAt: try row.double(first + 6))
    }

    /// Apps with their credentials.
    private static func loadApps(_ db: PostgresConnection, where clause: String, _ values: [SQLValue]) throws -> [AppRecord] {
        var apps = try db.query(
            """
            SELECT id, name, bundle_id, server_key_hash, client_key_hash, rate_limit, created_at, user_token_secret, legacy_device_access
            FROM apps \(clause)
            """, values
        ).map { try appRecord($0, from: 0) }
        for index in apps.indices {
            apps[index].credentials = try db.query(
                """
                SELECT environment, method, key_id, team_id, pem, endpoint, ca_file FROM app_credentials WHERE app_id = $1
                ORDER BY environment COLLATE "C"
                """, [.text(apps[index].id)]
            ).map { row in
                let method: APNSCredentials.Method =
                    try row.string(1) == "token"
                    ? .token(keyID: try row.string(2), teamID: try row.string(3), privateKeyPEM: try row.string(4))
                    : .certificate(pem: try row.string(4))
                return APNSCredentials(
                    environment: APNsEnvironment(rawValue: try row.string(0)) ?? .production, method: method,
                    endpoint: try row.optionalString(5), caFile: try row.optionalString(6))
            }
        }
        return apps
    }
}

extension StoreError {
    /// PostgreSQL's error as the store's: the server out of reach or silent past the call's
    /// deadline, a pool that stayed busy, a commit whose outcome is unknown, a timeout, and
    /// collisions still there after the retries are `.unavailable` (try again); anything
    /// else is `.database`.
    init(_ error: PostgresError) {
        switch error.reason {
        case .connection, .commitOutcomeUnknown, .deadline, .poolTimeout, .timeout, .serialization, .deadlock:
            self.init(.unavailable, error.description)
        default:
            self.init(.database(code: 0), error.description)
        }
    }
}
