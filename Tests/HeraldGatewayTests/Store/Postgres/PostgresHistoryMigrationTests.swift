import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL store: migration 12 fills the publishes' history")
struct PostgresHistoryMigrationTests {
    @Test("a database at schema 11 gets each publish's history from its deliveries and counted receipts")
    func historyMigration() throws {
        let fixture = try PostgresFixture()
        let old = try fixture.connect()
        try PostgresSchema.migrate(old, upTo: 11)
        try old.executeScript(
            """
            INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, created_at)
            VALUES ('app_old', 'Old', 'com.example.old', 's', 'c', 1);
            INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, environment,
            status, created_at, updated_at, targeted, sent, failed, delivered, opened) VALUES
            ('pub_old', 'app_old', 'interests', '["news"]', '\\x7b7d', 'alert', 10, 'production', 'done', 1000, 1010, 4, 3, 1, 1, 1);
            INSERT INTO deliveries (publish_id, app_id, token, environment, state, next_at, updated_at) VALUES
            ('pub_old', 'app_old', 't1', 'production', 2, 1000, 1000.2), ('pub_old', 'app_old', 't2', 'production', 2, 1000, 1000.9),
            ('pub_old', 'app_old', 't3', 'production', 2, 1000, 1003.5), ('pub_old', 'app_old', 't4', 'production', 3, 1000, 1001),
            ('pub_old', 'app_old', 't5', 'production', 0, 1000, 1002);
            INSERT INTO events (publish_id, device_id, event, action_id, at, counted) VALUES
            ('pub_old', 'd1', 'delivered', '', 1001.5, true), ('pub_old', 'd1', 'opened', '', 1004, true),
            ('pub_old', 'd2', 'opened', '', 1004, false), ('pub_old', 'd1', 'action', 'like', 1004, true);
            """)
        let store = try PostgresStore(url: fixture.url)
        SchemaMigrationTests.expectMigratedHistory(
            try store.publishTimeline(appID: "app_old", publishID: "pub_old", now: 2000, maxBuckets: 60))
    }
}
