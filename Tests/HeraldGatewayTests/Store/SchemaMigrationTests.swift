import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store migrations")
struct SchemaMigrationTests {
    /// A data folder as an older release left it: the first `schema` migrations, then `fill`.
    static func oldDataFolder(schema: Int, _ fill: (SQLiteConnection) throws -> Void) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        do {
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            let old = try SQLiteConnection(path: folder.url.appendingPathComponent("herald.sqlite").path)
            try Schema.migrate(old, upTo: schema)
            try fill(old)
            return folder
        } catch {
            folder.cleanup()
            throw error
        }
    }

    static func insertApp(_ db: SQLiteConnection, _ id: String) throws {
        try db.executeScript(
            "INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, created_at) VALUES ('\(id)', 'Old', 'com.example.old', 's', 'c', 1)"
        )
    }

    static func insertDevice(_ db: SQLiteConnection, app: String, seq: Int, token: String) throws {
        try db.executeScript(
            "INSERT INTO devices (seq, id, app_id, token, environment, metadata, created_at, token_registered_at, updated_at) VALUES (\(seq), 'dev_\(token)', '\(app)', '\(token)', 'production', '{}', 1, 1, 1)"
        )
    }

    @Test("an app from before device keys keeps its devices working (grace period on, devices keyless); a new app has none")
    func trustMigration() throws {
        // Schema 2, one app, one device.
        let folder = try Self.oldDataFolder(schema: 2) { old in
            try Self.insertApp(old, "app_old")
            try Self.insertDevice(old, app: "app_old", seq: 1, token: "aa")
        }
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url)
        let app = try #require(try store.app(id: "app_old"))
        #expect(app.legacyDeviceAccess && app.userTokenSecret == nil)
        #expect(try store.deviceKeyState(appID: "app_old", id: "dev_aa") == .keyless)
        #expect(try store.keylessDeviceCount(appID: "app_old") == 1)
        let created = try AppProvisioning(store: store).create(
            name: "New", bundleID: "com.example.new", credentials: [], rateLimit: nil, now: 2)
        let new = try #require(try store.app(id: created.appID))
        #expect(!new.legacyDeviceAccess && new.userTokenSecret == created.userTokenSecret)
        // The device registers again with the new client: it gets a key and leaves the grace period.
        let registered = try store.registerDevice(
            appID: "app_old", DeviceRegistration(token: "aa", environment: .production, newKeyHash: APIKey.hash("hdk_x")),
            quota: .unlimited, now: 3)
        #expect(registered.id == "dev_aa" && registered.keyIssued)
        #expect(try store.deviceKeyState(appID: "app_old", id: "dev_aa") == .keyed)
        #expect(try store.deviceID(appID: "app_old", keyHash: APIKey.hash("hdk_x")) == "dev_aa")
    }

    @Test("migration 4 counts the devices and interest subscriptions a data folder already holds, per app")
    func quotaCounters() throws {
        let folder = try Self.oldDataFolder(schema: 3) { old in
            for app in ["app_a", "app_b"] { try Self.insertApp(old, app) }
            for n in 1...3 {
                try Self.insertDevice(old, app: "app_a", seq: n, token: "t\(n)")
                try old.executeScript(
                    "INSERT INTO device_interests (app_id, interest, device_seq) VALUES ('app_a', 'news', \(n)), ('app_a', 'i\(n)', \(n))")
            }
        }
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url)
        #expect(try store.usage(appID: "app_a") == (3, 6))
        #expect(try store.usage(appID: "app_b") == (0, 0))
    }

    @Test("migration 12 fills each publish's history from the deliveries and counted receipts already there")
    func historyMigration() throws {
        let folder = try Self.oldDataFolder(schema: 11) { old in
            try Self.insertApp(old, "app_old")
            try old.executeScript(
                """
                INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, environment,
                status, created_at, updated_at, targeted, sent, failed, delivered, opened) VALUES
                ('pub_old', 'app_old', 'interests', '["news"]', '{}', 'alert', 10, 'production', 'done', 1000, 1010, 4, 3, 1, 1, 1);
                INSERT INTO deliveries (publish_id, app_id, token, environment, state, next_at, updated_at) VALUES
                ('pub_old', 'app_old', 't1', 'production', 2, 1000, 1000.2), ('pub_old', 'app_old', 't2', 'production', 2, 1000, 1000.9),
                ('pub_old', 'app_old', 't3', 'production', 2, 1000, 1003.5), ('pub_old', 'app_old', 't4', 'production', 3, 1000, 1001),
                ('pub_old', 'app_old', 't5', 'production', 0, 1000, 1002);
                INSERT INTO events (publish_id, device_id, event, action_id, at, counted) VALUES
                ('pub_old', 'd1', 'delivered', '', 1001.5, 1), ('pub_old', 'd1', 'opened', '', 1004, 1),
                ('pub_old', 'd2', 'opened', '', 1004, 0), ('pub_old', 'd1', 'action', 'like', 1004, 1)
                """)
        }
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url)
        Self.expectMigratedHistory(try store.publishTimeline(appID: "app_old", publishID: "pub_old", now: 2000, maxBuckets: 60))
    }

    /// The timeline of `pub_old` after migration 12, from the rows both stores' tests insert:
    /// sent at 1000.2, 1000.9 and 1003.5, failed at 1001, one pending; receipts delivered
    /// at 1001.5 and opened at 1004, an uncounted opened and an action.
    static func expectMigratedHistory(_ timeline: PublishTimeline?) {
        #expect(timeline?.counts[.sent] == [2, 0, 0, 1, 0])
        #expect(timeline?.counts[.failed] == [0, 1, 0, 0, 0])
        #expect(timeline?.counts[.delivered] == [0, 1, 0, 0, 0])
        #expect(timeline?.counts[.opened] == [0, 0, 0, 0, 1], "an uncounted receipt and an action are not in it")
    }

    /// Rows both stores' tests insert at schema 12 for migration 13 (`payload`: the store's
    /// literal for an empty JSON object): two apps' receipts, and an activity id two devices
    /// of app_a registered, device 1 first.
    static func receiptsAndSharedActivity(payload: String) -> String {
        """
        INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, created_at) VALUES
        ('app_a', 'A', 'com.example.a', 's', 'c', 1), ('app_b', 'B', 'com.example.b', 's2', 'c2', 1);
        INSERT INTO devices (id, app_id, token, environment, metadata, created_at, token_registered_at, updated_at) VALUES
        ('dev_1', 'app_a', 't1', 'production', '{}', 1, 1, 1), ('dev_2', 'app_a', 't2', 'production', '{}', 1, 1, 1);
        INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, environment, status, created_at,
        updated_at) VALUES ('pub_a', 'app_a', 'interests', '["news"]', \(payload), 'alert', 10, 'production', 'done', 1000, 1010),
        ('pub_b', 'app_b', 'interests', '["news"]', \(payload), 'alert', 10, 'production', 'done', 1000, 1010);
        INSERT INTO events (publish_id, device_id, event, action_id, at) VALUES
        ('pub_a', 'dev_1', 'delivered', '', 1001), ('pub_a', 'dev_1', 'action', 'like', 1002), ('pub_a', 'dev_2', 'opened', '', 1003),
        ('pub_b', 'dev_9', 'opened', '', 1003);
        INSERT INTO activities (device_seq, activity_id, app_id, activity_type, token, created_at, updated_at)
        SELECT seq, 'shared', 'app_a', 'Deploy', 'aa', CASE id WHEN 'dev_1' THEN 10 ELSE 20 END, 20 FROM devices;
        INSERT INTO activities (device_seq, activity_id, app_id, activity_type, token, created_at, updated_at)
        SELECT seq, 'mine', 'app_a', 'Deploy', 'bb', 20, 20 FROM devices WHERE id = 'dev_2';
        """
    }

    /// What migration 13 made of `receiptsAndSharedActivity`, in either store.
    static func expectMigratedOwnership(_ store: any GatewayStore) throws {
        #expect(try store.eventCount(appID: "app_a") == 3)
        #expect(try store.eventCount(appID: "app_b") == 1)
        #expect(try store.activities(appID: "app_a", deviceID: "dev_1")?.activities.map(\.id) == ["shared"])
        #expect(try store.activities(appID: "app_a", deviceID: "dev_2")?.activities.map(\.id) == ["mine"], "the later copy went")
        #expect(throws: StoreError.self) {
            try store.setActivityToken(appID: "app_a", deviceID: "dev_2", activityID: "shared", activityType: "Deploy", token: "cc", now: 30)
        }
        #expect(try store.pruneFinished(before: 2000, limit: 100).deleted == 0)
        #expect(try store.eventCount(appID: "app_a") == 0, "retention takes the counted receipts off")
    }

    @Test("migration 13 counts each app's receipts and leaves a shared activity id with the device that registered it first")
    func ownershipMigration() throws {
        let folder = try Self.oldDataFolder(schema: 12) { old in try old.executeScript(Self.receiptsAndSharedActivity(payload: "X'7b7d'")) }
        defer { folder.cleanup() }
        try Self.expectMigratedOwnership(try SQLiteStore(directory: folder.url))
    }

    @Test("a publish from before fingerprints answers its idempotency key for any request; a new one is bound to its request")
    func fingerprintMigration() throws {
        // A data folder as the previous release left it: schema 4, one publish with a key.
        let folder = try Self.oldDataFolder(schema: 4) { old in
            try Self.insertApp(old, "app_old")
            try old.executeScript(
                """
                INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, environment, idempotency_key,
                status, created_at, updated_at) VALUES ('pub_old', 'app_old', 'users', '["u"]', '{}', 'alert', 10, 'production', 'k1',
                'done', 1, 1)
                """)
        }
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url)
        #expect(try store.read { try $0.scalar("PRAGMA user_version") } == Schema.latest)
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
