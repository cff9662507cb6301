import Foundation
import HeraldAPNsModel
import HeraldCore

/// The embedded store: one SQLite database (WAL) in the data folder, `herald.sqlite`.
///
/// One connection, one lock: calls from the HTTP threads and the workers take turns,
/// each in its own transaction. Other processes (`herald app` while `herald serve`
/// runs) share the file through SQLite's locks. Each call ends within `timeout` seconds:
/// one that waits longer for its turn, or for another process's lock on the file, throws
/// `.unavailable`.
public final class SQLiteStore: GatewayStore, @unchecked Sendable {
    public let directory: URL
    let connection: SQLiteConnection
    private let lock = NSLock()
    /// An app whose row is read, as a decoy, when authorization asks for an unknown app
    /// (see `appKeys`); found once there is an app. Read and set under `lock`.
    private var decoyAppID: String?

    /// How commits reach the disk. Every commit survives a crash of the process (kill -9):
    /// it is in the WAL, in the kernel's page cache. Surviving power loss needs an fsync.
    public enum Durability: String, Sendable, CaseIterable {
        /// fsync on every commit (about one disk flush per registration).
        case full
        /// The default: publishes (create, cancel) are fsync'd before the answer; device
        /// registrations, events and delivery bookkeeping reach the disk with the next
        /// publish or checkpoint (a device registers again at its next launch).
        case publishes
        /// No fsync at commit; the WAL is flushed at checkpoints only.
        case normal
    }

    public let durability: Durability
    /// The process this store claims deliveries for.
    public let instance: GatewayInstance
    /// Each call's deadline, in seconds.
    public let timeout: Double

    /// Opens (creating, with mode 0700) the data folder and its database, and migrates it.
    public init(
        directory: URL, durability: Durability = .publishes, timeout: Double = StoreDeadline.defaultTimeout,
        instance: GatewayInstance = .current()
    ) throws {
        self.directory = directory
        self.durability = durability
        self.timeout = timeout
        self.instance = instance
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError(.database(code: 14), "cannot create the data folder \(directory.path): \(error.localizedDescription)")
        }
        let path = directory.appendingPathComponent("herald.sqlite").path
        do {
            connection = try SQLiteConnection(path: path, synchronous: durability == .full ? "FULL" : "NORMAL", busyTimeout: timeout)
            chmod(path, 0o600)
            try Schema.migrate(connection)
        } catch let error as SQLiteError {
            throw StoreError(error, file: path)
        }
    }

    /// Runs `body` with the connection under the lock, both within the call's deadline;
    /// SQLite errors become `StoreError`s.
    func locked<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let deadline = StoreDeadline(seconds: timeout)
        guard lock.lock(before: deadline.date) else {
            throw StoreError(
                .unavailable,
                "the store's other calls kept its database connection busy for the whole \(deadline) store timeout; try again")
        }
        defer { lock.unlock() }
        connection.deadline = deadline
        defer { connection.deadline = nil }
        do {
            return try body(connection)
        } catch let error as SQLiteError {
            throw StoreError(error, file: connection.path)
        }
    }

    /// Like `locked`, inside one immediate transaction.
    func write<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try locked { connection in try connection.transaction { try body(connection) } }
    }

    /// A transaction whose commit is fsync'd before this returns (unless `.normal`): it
    /// also makes every earlier commit durable, the WAL being one sequential file.
    func durableWrite<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        guard durability == .publishes else { return try write(body) }
        return try locked { connection in
            try connection.executeScript("PRAGMA synchronous = FULL")
            defer { try? connection.executeScript("PRAGMA synchronous = NORMAL") }
            return try connection.transaction { try body(connection) }
        }
    }

    // MARK: Apps

    public func createApp(_ app: AppRecord) throws {
        try write { db in
            try db.execute(
                """
                INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, user_token_secret, legacy_device_access, rate_limit,
                created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(app.id), .text(app.name), .text(app.bundleID), .text(app.serverKeyHash), .text(app.clientKeyHash),
                    .optional(app.userTokenSecret), .int(app.legacyDeviceAccess ? 1 : 0), .optional(app.rateLimit), .double(app.createdAt),
                ])
            for credentials in app.credentials { try Self.saveCredentials(db, appID: app.id, credentials) }
        }
    }

    public func app(id: String, includingCredentials: Bool) throws -> AppRecord? {
        try locked { db in
            guard includingCredentials else { return try appKeys(db, id: id) }
            return try Self.loadApps(db, where: "WHERE id = ?", [.text(id)]).first
        }
    }

    public func apps() throws -> [AppRecord] {
        try locked { db in try Self.loadApps(db, where: "ORDER BY created_at, id", []) }
    }

    public func updateKeys(appID: String, server: String?, client: String?, userTokenSecret: String?) throws -> Bool {
        try write { db in
            let changed = try db.execute(
                """
                UPDATE apps SET server_key_hash = coalesce(?, server_key_hash), client_key_hash = coalesce(?, client_key_hash),
                user_token_secret = coalesce(?, user_token_secret) WHERE id = ?
                """,
                [.optional(server), .optional(client), .optional(userTokenSecret), .text(appID)])
            return changed > 0
        }
    }

    public func setLegacyDeviceAccess(appID: String, _ enabled: Bool) throws -> Bool {
        try write { db in
            try db.execute("UPDATE apps SET legacy_device_access = ? WHERE id = ?", [.int(enabled ? 1 : 0), .text(appID)]) > 0
        }
    }

    public func setCredentials(appID: String, _ credentials: APNSCredentials) throws -> Bool {
        try write { db in
            guard try db.scalar("SELECT 1 FROM apps WHERE id = ?", [.text(appID)]) != nil else { return false }
            try Self.saveCredentials(db, appID: appID, credentials)
            return true
        }
    }

    private static func saveCredentials(_ db: SQLiteConnection, appID: String, _ credentials: APNSCredentials) throws {
        let (method, keyID, teamID, pem): (String, String?, String?, String) =
            switch credentials.method {
            case .token(let keyID, let teamID, let pem): ("token", keyID, teamID, pem)
            case .certificate(let pem): ("certificate", nil, nil, pem)
            }
        try db.execute(
            "INSERT OR REPLACE INTO app_credentials (app_id, environment, method, key_id, team_id, pem, endpoint, ca_file) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(appID), .text(credentials.environment.rawValue), .text(method), .optional(keyID), .optional(teamID), .text(pem),
                .optional(credentials.endpoint), .optional(credentials.caFile),
            ])
    }

    /// The app without its credentials, with the same work whether it exists or not: one
    /// lookup of the id asked for, then one app row read and decoded, that app's or, for an
    /// unknown id, the decoy's; `nil` unless the row is the app asked for. So the work of a
    /// 401 does not tell a known app id from an unknown one. Runs under `lock`.
    private func appKeys(_ db: SQLiteConnection, id: String) throws -> AppRecord? {
        if decoyAppID == nil { decoyAppID = try db.query("SELECT min(id) FROM apps", []) { $0.optionalString(0) }.first ?? nil }
        let rows = try db.query(
            """
            SELECT a.id = ?1, a.id, a.name, a.bundle_id, a.server_key_hash, a.client_key_hash, a.rate_limit, a.created_at,
            a.user_token_secret, a.legacy_device_access
            FROM apps a WHERE a.id = coalesce((SELECT id FROM apps WHERE id = ?1), ?2)
            """, [.text(id), .text(decoyAppID ?? "")]
        ) { row in (asked: row.int(0) != 0, app: Self.appRecord(row, from: 1)) }
        return rows.first.flatMap { $0.asked ? $0.app : nil }
    }

    /// An app from the columns id, name, bundle_id, server_key_hash, client_key_hash,
    /// rate_limit, created_at, user_token_secret, legacy_device_access at `first`.
    private static func appRecord(_ row: SQLiteStatement, from first: Int) -> AppRecord {
        AppRecord(
            id: row.string(first), name: row.string(first + 1), bundleID: row.string(first + 2), serverKeyHash: row.string(first + 3),
            clientKeyHash: row.string(first + 4), userTokenSecret: row.optionalString(first + 7), legacyDeviceAccess: row.int(first + 8) != 0,
            rateLimit: row.optionalDouble(first + 5), createdAt: row.double(first + 6))
    }

    /// Apps with their credentials.
    private static func loadApps(_ db: SQLiteConnection, where clause: String, _ values: [SQLValue]) throws -> [AppRecord] {
        var apps = try db.query(
            """
            SELECT id, name, bundle_id, server_key_hash, client_key_hash, rate_limit, created_at, user_token_secret, legacy_device_access
            FROM apps \(clause)
            """, values
        ) { row in appRecord(row, from: 0) }
        for index in apps.indices {
            apps[index].credentials = try db.query(
                "SELECT environment, method, key_id, team_id, pem, endpoint, ca_file FROM app_credentials WHERE app_id = ? ORDER BY environment",
                [.text(apps[index].id)]
            ) { row in
                let method: APNSCredentials.Method =
                    row.string(1) == "token"
                    ? .token(keyID: row.string(2), teamID: row.string(3), privateKeyPEM: row.string(4)) : .certificate(pem: row.string(4))
                return APNSCredentials(
                    environment: APNsEnvironment(rawValue: row.string(0)) ?? .production, method: method,
                    endpoint: row.optionalString(5), caFile: row.optionalString(6))
            }
        }
        return apps
    }
}
