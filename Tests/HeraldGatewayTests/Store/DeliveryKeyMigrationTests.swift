import Foundation
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store migrations: split counters and deliveries keyed by device")
struct DeliveryKeyMigrationTests {
    @Test("migrations 21 and 22 keep every delivery, fill the split counters, and key a device's deliveries by device")
    func migrated() throws {
        let folder = try SchemaMigrationTests.oldDataFolder(schema: 20) { old in
            try SchemaMigrationTests.insertApp(old, "app_old")
            try SchemaMigrationTests.insertDevice(old, app: "app_old", seq: 1, token: "t1new")
            try SchemaMigrationTests.insertDevice(old, app: "app_old", seq: 2, token: "t2")
            // Device 1 got two deliveries of pub_old (its token changed mid fan-out), device 2
            // one, and a raw token one.
            try old.executeScript(
                """
                INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, environment,
                status, created_at, updated_at, targeted, sent, failed) VALUES
                ('pub_old', 'app_old', 'interests', '["news"]', '{}', 'alert', 10, 'production', 'sending', 1000, 1010, 4, 1, 1);
                INSERT INTO deliveries (seq, publish_id, app_id, device_seq, token, environment, state, next_at, updated_at, platform) VALUES
                (10, 'pub_old', 'app_old', 1, 't1old', 'production', 2, 1000, 1000, 'apns'),
                (11, 'pub_old', 'app_old', 1, 't1new', 'production', 0, 1000, 1000, 'apns'),
                (12, 'pub_old', 'app_old', 2, 't2', 'production', 3, 1000, 1000, 'fcm'),
                (13, 'pub_old', 'app_old', NULL, 'raw', 'production', 0, 1000, 1000, 'apns');
                """)
        }
        defer { folder.cleanup() }
        let store = try SQLiteStore(directory: folder.url)
        let rows = try store.read { db in
            try db.query("SELECT seq, device_seq FROM deliveries ORDER BY seq", []) { ($0.int(0), $0.isNull(1) ? nil : $0.int(1)) }
        }
        #expect(rows.map(\.0) == [10, 11, 12, 13])
        #expect(rows.map(\.1) == [1, nil, 2, nil], "the first delivery of device 1 keeps it; the second is kept by its token")
        let publish = try #require(try store.publish(appID: "app_old", id: "pub_old"))
        let apns = try #require(publish.byPlatform[.apns]), fcm = try #require(publish.byPlatform[.fcm])
        let counted: [[Int]] = [[apns.targeted, apns.sent, apns.failed], [fcm.targeted, fcm.sent, fcm.failed]]
        #expect(counted == [[3, 1, 0], [1, 0, 1]])
        // Keyed by device now: another delivery of pub_old to device 2 is ignored, whatever its token.
        let inserted = try store.write { db in
            try db.execute(
                "INSERT OR IGNORE INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at) VALUES ('pub_old', 'app_old', 2, 't2other', 'production', 1, 1)"
            )
        }
        #expect(inserted == 0)
    }
}
