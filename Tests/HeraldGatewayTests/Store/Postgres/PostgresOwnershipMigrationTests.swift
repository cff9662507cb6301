import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL store: migration 13 counts receipts and gives an activity id one device")
struct PostgresOwnershipMigrationTests {
    @Test("a database at schema 12 gets each app's receipts counted; a shared activity id stays with its first device")
    func ownershipMigration() throws {
        let fixture = try PostgresFixture()
        let old = try fixture.connect()
        try old.executeScript("CREATE TABLE herald_schema (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())")
        for (index, sql) in PostgresSchema.migrations.prefix(12).enumerated() {
            try old.executeScript(sql)
            try old.execute("INSERT INTO herald_schema (version) VALUES ($1)", [.int(index + 1)])
        }
        try old.executeScript(SchemaMigrationTests.receiptsAndSharedActivity(payload: "'\\x7b7d'"))
        try SchemaMigrationTests.expectMigratedOwnership(try PostgresStore(url: fixture.url))
    }
}
