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
        try PostgresSchema.migrate(old, upTo: 12)
        try old.executeScript(SchemaMigrationTests.receiptsAndSharedActivity(payload: "'\\x7b7d'"))
        try SchemaMigrationTests.expectMigratedOwnership(try PostgresStore(url: fixture.url))
    }
}
