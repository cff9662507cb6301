import Foundation
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL transactions: commit, rollback, retries, reconnecting")
struct PostgresTransactionTests {
    @Test("a transaction commits what its closure did, and rolls it all back when the closure throws")
    func commitAndRollback() throws {
        struct Stop: Error {}
        let fixture = try PostgresFixture()
        let connection = try fixture.connect()
        try connection.executeScript("CREATE TABLE ledger (n int UNIQUE)")
        let value = try connection.transaction { connection in
            try connection.execute("INSERT INTO ledger VALUES (1)")
            try connection.execute("INSERT INTO ledger VALUES (2)")
            return "done"
        }
        #expect(value == "done")
        #expect(throws: Stop.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO ledger VALUES (3)")
                throw Stop()
            }
        }
        // A server error the closure catches still spoils the transaction: rolled back, rethrown.
        let caught = try #require(throws: PostgresError.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO ledger VALUES (4)")
                _ = try? connection.execute("INSERT INTO ledger VALUES (1)")
            }
        }
        #expect(caught.reason == .uniqueViolation)
        #expect(try connection.query("SELECT n FROM ledger ORDER BY n").map { try $0.int(0) } == [1, 2])
        let nested = try #require(throws: PostgresError.self) {
            try connection.transaction { connection in try connection.transaction { _ in } }
        }
        #expect(nested.reason == .misuse)
    }

    @Test("a serialization failure under SERIALIZABLE between two connections is retried, and both commit")
    func serializationFailureRetried() async throws {
        let fixture = try PostgresFixture()
        try fixture.connect().executeScript(
            "CREATE TABLE doctors (id int PRIMARY KEY, on_call int NOT NULL); INSERT INTO doctors VALUES (1, 0), (2, 0)")
        // Each reads the total and writes its own row from it (write skew): with both reading
        // before either writes, no serial order explains both, so one must fail and run again.
        let barrier = ThreadBarrier(2)
        let url = fixture.url
        async let first = blocking { try Self.putOnCall(doctor: 1, url: url, barrier: barrier) }
        async let second = blocking { try Self.putOnCall(doctor: 2, url: url, barrier: barrier) }
        let attempts = try await [first, second]
        // A loser runs again (on a busy machine a rerun can meet the other's commit still in
        // progress and lose once more, and either side may be the one the server cancels).
        #expect(attempts.contains { $0 > 1 }, "\(attempts)")
        let rows = try fixture.connect().query("SELECT on_call FROM doctors ORDER BY on_call").map { try $0.int(0) }
        #expect(rows == [1, 2], "the second to commit saw the first's write")
    }

    /// Sets `doctor` on call with the total so far plus one; how many times the closure ran.
    private static func putOnCall(doctor: Int, url: String, barrier: ThreadBarrier) throws -> Int {
        let connection = try PostgresConnection(url: url)
        var attempts = 0
        try connection.transaction(.serializable) { connection in
            attempts += 1
            let total = try connection.query("SELECT sum(on_call) FROM doctors")[0].int(0)
            if attempts == 1 { try barrier.arrive() }
            try connection.execute("UPDATE doctors SET on_call = $1 WHERE id = $2", [.int(total + 1), .int(doctor)])
        }
        return attempts
    }

    @Test("a deadlock between two transactions is retried like a serialization failure")
    func deadlockRetried() async throws {
        let fixture = try PostgresFixture()
        try fixture.connect().executeScript("CREATE TABLE pair (id int PRIMARY KEY, v int); INSERT INTO pair VALUES (1, 0), (2, 0)")
        let barrier = ThreadBarrier(2)
        let url = fixture.url
        // Each locks one row, then waits for the other's: the server ends one of them (40P01).
        async let first = blocking { try Self.lockBoth(first: 1, then: 2, url: url, barrier: barrier) }
        async let second = blocking { try Self.lockBoth(first: 2, then: 1, url: url, barrier: barrier) }
        let attempts = try await [first, second]
        // A retry can take the freed row before the winner wakes and deadlock once more.
        #expect(attempts.contains { $0 > 1 }, "\(attempts)")
        #expect(try fixture.connect().query("SELECT sum(v) FROM pair")[0].int(0) == 4, "each committed once, retries left nothing")
    }

    private static func lockBoth(first: Int, then second: Int, url: String, barrier: ThreadBarrier) throws -> Int {
        let connection = try PostgresConnection(url: url)
        try connection.execute("SET deadlock_timeout = '50ms'")
        var attempts = 0
        try connection.transaction { connection in
            attempts += 1
            try connection.execute("UPDATE pair SET v = v + 1 WHERE id = $1", [.int(first)])
            if attempts == 1 { try barrier.arrive() }
            try connection.execute("UPDATE pair SET v = v + 1 WHERE id = $1", [.int(second)])
        }
        return attempts
    }

    @Test("after its server process is killed, the next transaction reconnects and succeeds")
    func killedBackendReconnects() throws {
        let fixture = try PostgresFixture()
        let connection = try fixture.connect()
        try connection.executeScript("CREATE TABLE events (n int)")
        try connection.execute("INSERT INTO events VALUES ($1)", [1])
        let killed = connection.backendPID
        #expect(try fixture.terminate(backend: killed))
        try connection.transaction { connection in
            try connection.execute("INSERT INTO events VALUES ($1)", [2])
        }
        #expect(connection.reconnects == 1)
        #expect(connection.backendPID != killed)
        #expect(try connection.query("SELECT n FROM events ORDER BY n").map { try $0.int(0) } == [1, 2])
        #expect(connection.preparedStatementCount == 2, "statements are prepared again in the new session")

        // Outside a transaction the failing call says so, and the next call reconnects.
        #expect(try fixture.terminate(backend: connection.backendPID))
        let lost = try #require(throws: PostgresError.self) { try connection.query("SELECT 1") }
        #expect(lost.reason == .connection)
        #expect(connection.isBroken)
        #expect(try connection.query("SELECT 1")[0].int(0) == 1)
        #expect(connection.reconnects == 2)
    }
}
