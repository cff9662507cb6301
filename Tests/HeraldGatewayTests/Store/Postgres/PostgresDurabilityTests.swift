import Foundation
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// `--durability` on PostgreSQL: device writes skip their WAL flush by default, nothing else does.
@Suite("PostgreSQL store: durability")
struct PostgresDurabilityTests {
    static func setting(_ store: PostgresStore, device: Bool) throws -> String {
        let body = { (db: PostgresConnection) in try db.query("SELECT current_setting('synchronous_commit')")[0].string(0) }
        return try device ? store.deviceWrite(body) : store.write { try body($0) }
    }

    @Test("by default a device write commits without its WAL flush and every other write with it; full: all with it")
    func deviceWrites() throws {
        let database = try PostgresTestDatabase()
        // The test server skips WAL flushes everywhere; this database gets PostgreSQL's default back.
        try PostgresStore(url: database.url, connections: 1).read { db in
            try db.executeScript("ALTER DATABASE \"\(database.name)\" SET synchronous_commit = on")
        }
        let relaxed = try PostgresStore(url: database.url, connections: 1)
        #expect(try Self.setting(relaxed, device: true) == "off")
        #expect(try Self.setting(relaxed, device: false) == "on")
        let full = try PostgresStore(url: database.url, connections: 1, deviceWritesWaitForDisk: true)
        #expect(try Self.setting(full, device: true) == "on")
        // SET LOCAL ends with its transaction: the pooled connection is back to the default.
        #expect(try Self.setting(relaxed, device: false) == "on")
    }
}
