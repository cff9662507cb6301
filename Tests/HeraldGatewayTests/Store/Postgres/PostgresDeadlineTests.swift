import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL deadlines: a frozen or slow server costs a call its deadline, not a thread")
struct PostgresDeadlineTests {
    /// A store with a one-second deadline on a server of the test's own (it gets frozen), over TCP.
    private static func frozenStage(connections: Int) throws -> (PostgresTestServer, PostgresTestDatabase, PostgresStore) {
        let server = try PostgresTestServer()
        let database = try PostgresTestDatabase(server: server)
        let store = try PostgresStore(url: database.tcpURL, connections: connections, timeout: 1)
        return (server, database, store)
    }

    /// The error `body` throws (another than a `StoreError` as `.database(code: -1)`), and
    /// how long it took to.
    private static func timed(_ body: () throws -> Void) -> (error: StoreError?, seconds: Double) {
        let started = Date()
        do {
            try body()
            return (nil, Date().timeIntervalSince(started))
        } catch {
            let storeError = error as? StoreError ?? StoreError(.database(code: -1), "not a StoreError: \(error)")
            return (storeError, Date().timeIntervalSince(started))
        }
    }

    private static func isUnavailable(_ error: StoreError?, saying words: String) -> Bool {
        guard let error, error.reason == .unavailable else { return false }
        return error.message.contains(words)
    }

    @Test(
        "a frozen server: reads, writes and connecting are .unavailable within the deadline; none of those connections is kept; it recovers"
    )
    func frozenServer() throws {
        let (server, database, store) = try Self.frozenStage(connections: 2)
        defer { database.drop() }
        try store.createApp(AppRecord(id: "before", name: "Before", bundleID: "b", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1))
        #expect(store.pool.idleCount == 1, "one connection waits in the pool, its session open")
        try server.whileFrozen {
            // On the pooled connection: the statement gets no answer.
            let read = Self.timed { _ = try store.apps() }
            #expect(Self.isUnavailable(read.error, saying: "no answer within the 1 s deadline"), "\(String(describing: read.error))")
            #expect(read.seconds >= 0.9 && read.seconds < 2, "took \(read.seconds) s")
            #expect(store.pool.openCount == 0, "the connection given up is closed, not back in the pool")
            // A new connection: the server accepts it (its kernel does) and never answers.
            let write = Self.timed {
                try store.createApp(
                    AppRecord(id: "during", name: "During", bundleID: "d", serverKeyHash: "s", clientKeyHash: "c", createdAt: 2))
            }
            #expect(
                Self.isUnavailable(write.error, saying: "could not connect within the 1 s deadline"), "\(String(describing: write.error))")
            #expect(write.seconds < 2, "took \(write.seconds) s")
            #expect(store.pool.openCount == 0)
        }
        #expect(try store.apps().map(\.id) == ["before"])
        try store.createApp(AppRecord(id: "after", name: "After", bundleID: "a", serverKeyHash: "s", clientKeyHash: "c", createdAt: 3))
        #expect(try store.apps().map(\.id) == ["before", "after"])
        #expect(store.pool.openCount == 1)
    }

    @Test("frozen with every connection in use: a call waiting for one is .unavailable by its deadline")
    func frozenPool() throws {
        let (server, database, store) = try Self.frozenStage(connections: 1)
        defer { database.drop() }
        _ = try store.apps()
        try server.whileFrozen {
            // The one connection stays lent, as to a call stuck on the frozen server.
            let stuck = try store.pool.checkout()
            defer { store.pool.checkin(stuck) }
            let waiting = Self.timed { _ = try store.appsWithDueDeliveries(now: 1) }
            #expect(
                Self.isUnavailable(waiting.error, saying: "all 1 connections stayed in use for 1 s"), "\(String(describing: waiting.error))"
            )
            #expect(waiting.seconds >= 0.9 && waiting.seconds < 2, "took \(waiting.seconds) s")
        }
        #expect(try store.apps().isEmpty)
    }

    @Test("a transaction cut off by its deadline is rolled back: closing its connection ends it")
    func frozenTransaction() throws {
        let (server, database, store) = try Self.frozenStage(connections: 2)
        defer { database.drop() }
        let started = Date()
        #expect(throws: StoreError.self) {
            try store.write { db in
                try db.execute(
                    "INSERT INTO apps (id, name, bundle_id, server_key_hash, client_key_hash, created_at) VALUES ('x', 'X', 'x', 's', 'c', 1)"
                )
                _ = try server.whileFrozen { try db.execute("SELECT 1") }
            }
        }
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(try store.apps().isEmpty, "the insert was never committed")
        #expect(store.pool.openCount == 1, "only the new connection is open")
    }

    @Test("a live server ends a slow statement itself, a little before the deadline; the connection stays usable")
    func serverSideTimeout() throws {
        let fixture = try PostgresFixture()
        let connection = try PostgresConnection(url: fixture.url, timeout: 1)
        #expect(try connection.query("SHOW statement_timeout")[0].string(0) == "900ms")
        #expect(try connection.query("SHOW lock_timeout")[0].string(0) == "900ms")
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT pg_sleep(3)") }
        #expect(error.reason == .timeout, "\(error)")
        #expect(!connection.isBroken)
        #expect(try connection.query("SELECT 2")[0].int(0) == 2)
        // Without timeouts (a migration) the same statement runs to its end; they come back after.
        try connection.withoutTimeouts { _ = try connection.query("SELECT pg_sleep(1.2)") }
        #expect(try connection.query("SHOW statement_timeout")[0].string(0) == "900ms")
    }

    @Test("a statement the gateway gives up on is cancelled: a moment later no backend runs it, and the session had jit off")
    func cancelledWhenGivenUp() throws {
        let fixture = try PostgresFixture()
        // The server's own timeout (27 s) would end it much later: only the cancel can.
        let connection = try PostgresConnection(url: fixture.url, timeout: 30)
        #expect(try connection.query("SHOW jit")[0].string(0) == "off")
        #expect(try connection.query("SHOW client_connection_check_interval")[0].string(0) == "1s")
        connection.deadline = StoreDeadline(seconds: 0.5)
        let error = try #require(throws: PostgresError.self) { try connection.query("SELECT pg_sleep(30) -- herald-cancel-probe") }
        #expect(error.reason == .deadline, "\(error)")
        let watcher = try PostgresConnection(url: fixture.url, timeout: 5)
        let running = """
            SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()
            AND query LIKE '%herald-cancel-' || 'probe%'
            """
        var left = try watcher.query(running)[0].int(0)
        let until = Date().addingTimeInterval(5)
        while left > 0 && Date() < until {
            Thread.sleep(forTimeInterval: 0.05)
            left = try watcher.query(running)[0].int(0)
        }
        #expect(left == 0, "the backend still runs the statement the gateway gave up on")
        withExtendedLifetime(connection) {}
    }

    @Test("every pooled connection held by other calls: key checks are answered on connections of their own")
    func keyChecksOwnConnections() throws {
        let fixture = try PostgresFixture()
        let store = try PostgresStore(url: fixture.url, connections: 2, timeout: 1)
        try store.createApp(AppRecord(id: "k", name: "k", bundleID: "b", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1))
        let held = HeldCalls(2) { hold in try store.snapshot { _ in hold() } }
        let busy = Self.timed { _ = try store.apps() }
        #expect(busy.error?.reason == .unavailable)
        #expect(try store.app(id: "k", includingCredentials: false)?.serverKeyHash == "s")
        #expect(try store.deviceID(appID: "k", keyHash: "x") == nil)
        held.release()
    }

    @Test("the URL's own settings win: a shorter statement_timeout and its connect_timeout")
    func urlSettingsWin() throws {
        let fixture = try PostgresFixture()
        let own = try PostgresConnection(url: fixture.url + "&options=-c%20statement_timeout%3D200&connect_timeout=3", timeout: 1)
        #expect(try own.query("SHOW statement_timeout")[0].string(0) == "200ms")
        #expect(try own.query("SHOW lock_timeout")[0].string(0) == "900ms")
        #expect(own.option("connect_timeout") == "3")
        #expect(own.option("keepalives") == "1")
        let defaults = try PostgresConnection(url: fixture.url, timeout: 1)
        #expect(defaults.option("connect_timeout") == "1")
        #expect(defaults.option("client_encoding") == "UTF8")
    }
}
