import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

@Suite("Store migrations")
struct SchemaMigrationTests {
    /// Writes `folder`'s database as a release at `schema` left it: its migrations, app
    /// `app_old`, then `rows`.
    static func oldFolder(_ folder: TemporaryFolder, schema: Int, _ rows: String...) throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let old = try Connection(path: folder.url.appendingPathComponent("herald.sqlite").path)
        for sql in Schema.migrations.prefix(schema) { try old.execute(sql) }
        try old.execute("PRAGMA user_version = \(schema)")
        try old.execute(
            "INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, created_at) VALUES ('app_old', 'Old', 'com.example.old', 's', 'c', 1)"
        )
        for row in rows { try old.execute(row) }
    }

    @Test("an app from before device keys keeps its devices working (grace period on, devices keyless); a new app has none")
    func trustMigration() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        // A data folder as the previous release left it: schema 2, one app, one device.
        try Self.oldFolder(
            folder, schema: 2,
            "INSERT INTO devices (id, app_id, token, environment, metadata, created_at, token_registered_at, updated_at) VALUES ('dev_old', 'app_old', 'aa', 'production', '{}', 1, 1, 1)"
        )
        let store = try SQLiteStore(directory: folder.url)
        let app = try #require(try store.app(id: "app_old"))
        #expect(app.legacyDeviceAccess && app.userTokenSecret == nil)
        #expect(try store.deviceKeyState(appID: "app_old", id: "dev_old") == .keyless)
        #expect(try store.keylessDeviceCount(appID: "app_old") == 1)
        let created = try AppProvisioning(store: store).create(
            name: "New", bundleID: "com.example.new", credentials: [], rateLimit: nil, now: 2)
        let new = try #require(try store.app(id: created.appID))
        #expect(!new.legacyDeviceAccess && new.userTokenSecret == created.userTokenSecret)
        // The device registers again with the new client: it gets a key and leaves the grace period.
        let registered = try store.registerDevice(
            appID: "app_old", DeviceRegistration(token: "aa", environment: .production, newKeyHash: APIKey.hash("hdk_x")), now: 3)
        #expect(registered.id == "dev_old" && registered.keyIssued)
        #expect(try store.deviceKeyState(appID: "app_old", id: "dev_old") == .keyed)
        #expect(try store.deviceID(appID: "app_old", keyHash: APIKey.hash("hdk_x")) == "dev_old")
    }

    @Test("a publish from before fingerprints answers its idempotency key for any request; a new one is bound to its request")
    func fingerprintMigration() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        // A data folder as the previous release left it: schema 3, one publish with a key.
        try Self.oldFolder(
            folder, schema: 3,
            """
            INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, environment, idempotency_key,
            status, created_at, updated_at) VALUES ('pub_old', 'app_old', 'users', '["u"]', '{}', 'alert', 10, 'production', 'k1',
            'done', 1, 1)
            """)
        let store = try SQLiteStore(directory: folder.url)
        #expect(try store.locked { try $0.scalar("PRAGMA user_version") } == 4)
        func publish(_ body: [String: JSONValue], key: String) throws -> (id: String, created: Bool) {
            try store.createPublish(
                NewPublish(
                    appID: "app_old", target: .users(["u"]), payload: ["aps": ["alert": "x"]], options: PublishOptions(),
                    idempotencyKey: key, fingerprint: PublishFingerprint(request: body), createdAt: 2))
        }
        let old = try publish(["users": ["u"], "notification": ["title": "anything"]], key: "k1")
        #expect(old.id == "pub_old" && !old.created)
        let new = try publish(["users": ["u"], "notification": ["title": "x"]], key: "k2")
        #expect(new.created)
        #expect(try publish(["notification": ["title": "x"], "users": ["u"]], key: "k2").id == new.id)
        let error = try #require(throws: StoreError.self) { try publish(["users": ["u"], "notification": ["title": "y"]], key: "k2") }
        #expect(error.reason == .idempotencyKeyReused && error.message.contains("differs in notification"), "\(error)")
    }
}
