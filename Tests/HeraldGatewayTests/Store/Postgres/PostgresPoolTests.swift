import Foundation
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL pool: at most N connections, waiting, replacing broken ones")
struct PostgresPoolTests {
    @Test("the pool hands out at most N connections; a checkout waits for a checkin, or times out")
    func atMostN() async throws {
        let fixture = try PostgresFixture()
        let pool = PostgresPool(url: fixture.url, size: 2, timeout: 0.2)
        let first = try pool.checkout()
        let second = try pool.checkout()
        #expect(first !== second)
        #expect(pool.openCount == 2)
        let started = Date()
        let exhausted = try #require(throws: PostgresError.self) { try pool.checkout() }
        #expect(exhausted.reason == .poolTimeout)
        #expect(Date().timeIntervalSince(started) >= 0.19)
        // One thread waits; another checks a connection in.
        async let waited = blocking { try pool.checkout(timeout: 10) }
        try await Task.sleep(for: .milliseconds(100))
        pool.checkin(first)
        let third = try await waited
        #expect(third === first, "the connection checked in is the one handed out")
        #expect(pool.openCount == 2)
        let sessions = try second.query(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'")
        #expect(try sessions[0].int(0) == 2, "the server sees two sessions")
        pool.checkin(second)
        pool.checkin(third)
        #expect(pool.idleCount == 2)
        #expect(try pool.withConnection { try $0.query("SELECT 41 + 1")[0].int(0) } == 42)
    }

    @Test("a connection checked in broken is closed, and a new one takes its place")
    func brokenReplaced() throws {
        let fixture = try PostgresFixture()
        let pool = PostgresPool(url: fixture.url, size: 1)
        let connection = try pool.checkout()
        let killed = connection.backendPID
        #expect(try fixture.terminate(backend: killed))
        #expect(throws: PostgresError.self) { try connection.query("SELECT 1") }
        #expect(connection.isBroken)
        pool.checkin(connection)
        #expect(pool.openCount == 0)
        let replacement = try pool.checkout()
        #expect(replacement !== connection)
        #expect(replacement.backendPID != killed)
        #expect(try replacement.query("SELECT 1")[0].int(0) == 1)
        pool.checkin(replacement)
        #expect(pool.openCount == 1)
    }

    @Test("a connection checked in inside a transaction is rolled back first")
    func openTransactionRolledBack() throws {
        let fixture = try PostgresFixture()
        let pool = PostgresPool(url: fixture.url, size: 1)
        try pool.withConnection { try $0.executeScript("CREATE TABLE t (n int)") }
        let connection = try pool.checkout()
        try connection.executeScript("BEGIN")
        try connection.execute("INSERT INTO t VALUES (1)")
        pool.checkin(connection)
        let again = try pool.checkout()
        #expect(again === connection)
        #expect(try again.query("SELECT count(*) FROM t")[0].int(0) == 0)
        pool.checkin(again)
    }
}
