import Foundation
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// What only the PostgreSQL store has: its migrations in `herald_schema` under an advisory
/// lock, errors from a server out of reach, and several stores (processes) on one database.
@Suite("PostgreSQL store: migrations, errors, several processes")
struct PostgresStoreTests {
    static func app(_ id: String) -> AppRecord {
        AppRecord(id: id, name: "A", bundleID: "com.example.a", serverKeyHash: "s", clientKeyHash: "c", createdAt: 1)
    }

    @Test("the data survives reopening; herald_schema records each migration")
    func reopen() throws {
        let fixture = try PostgresFixture()
        do {
            let store = try PostgresStore(url: fixture.url)
            try store.createApp(Self.app("a"))
        }
        let reopened = try PostgresStore(url: fixture.url)
        #expect(try reopened.app(id: "a")?.name == "A")
        let versions = try fixture.connect().query("SELECT version FROM herald_schema ORDER BY version").map { try $0.int(0) }
        #expect(versions == Array(1...Schema.latest))
    }

    @Test("a database from a newer Herald is refused, not changed, in SQLite's words")
    func newerSchema() throws {
        let fixture = try PostgresFixture()
        _ = try PostgresStore(url: fixture.url)
        try fixture.connect().execute("INSERT INTO herald_schema (version) VALUES (99)")
        #expect {
            try PostgresStore(url: fixture.url)
        } throws: { error in
            (error as? StoreError)?.reason == .unsupportedSchema
                && "\(error)"
                    == "the database was written by a newer Herald (schema 99, this one knows \(Schema.latest)); use that version"
        }
        #expect(try fixture.connect().query("SELECT count(*) FROM herald_schema")[0].int(0) == Schema.latest + 1)
    }

    @Test("eight processes starting at once on a new database: one migrates, all open it")
    func concurrentMigrations() throws {
        let fixture = try PostgresFixture()
        let failures = ThreadBarrier.together(8) { n in
            let store = try PostgresStore(url: fixture.url, connections: 1)
            try store.createApp(Self.app("app_\(n)"))
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(try fixture.connect().query("SELECT count(*) FROM herald_schema")[0].int(0) == Schema.latest)
        #expect(try PostgresStore(url: fixture.url).apps().count == 8)
    }

    @Test("a server out of reach is .unavailable (the API's 503), and the password is not in the message")
    func unreachable() throws {
        let url = "postgres://herald:s3cret-pass@127.0.0.1:1/herald?connect_timeout=2"
        #expect {
            try PostgresStore(url: url)
        } throws: { error in
            (error as? StoreError)?.reason == .unavailable && !"\(error)".contains("s3cret-pass")
                && "\(error)".contains("postgres://herald:***@127.0.0.1:1/herald")
        }
    }

    @Test("sessions ended by the server (a restart, an administrator) are opened again without an error")
    func reconnects() throws {
        let fixture = try PostgresFixture()
        let store = try PostgresStore(url: fixture.url, connections: 2)
        try store.createApp(Self.app("a"))
        for round in 0..<3 {
            _ = try fixture.connect().query(
                "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            #expect(try store.app(id: "a")?.name == "A", "a read, round \(round)")
            #expect(try store.setLegacyDeviceAccess(appID: "a", round % 2 == 0), "a write, round \(round)")
        }
    }

    @Test("the server stopped: reads and writes are .unavailable, the API answers 503 with Retry-After, /healthz too")
    func serverDown() throws {
        let server = try PostgresTestServer()
        defer { server.stop() }
        let database = try PostgresTestDatabase(server: server)
        let store = try PostgresStore(url: database.url)
        let api = GatewayAPI(store: store, now: { 1_800_000_000 })
        #expect(api.handle(HTTPRequest(method: "GET", path: "/healthz", headers: [:], body: [])).status == 200)
        server.stop()
        #expect { try store.apps() } throws: { ($0 as? StoreError)?.reason == .unavailable }
        #expect { try store.createApp(Self.app("b")) } throws: { ($0 as? StoreError)?.reason == .unavailable }
        for path in ["/healthz", "/v1/apps/app_x/devices/dev_x"] {
            let response = api.handle(HTTPRequest(method: "GET", path: path, headers: ["Authorization": "Bearer hsk_x"], body: []))
            #expect(response.status == 503, "\(path)")
            #expect(response.headers.contains { $0 == ("Retry-After", "1") }, "\(path)")
        }
    }
}
