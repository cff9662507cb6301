import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("PostgreSQL test server: a cluster of its own, not as root, nothing left behind")
struct PostgresTestServerTests {
    @Test("a server of its own answers on the socket and on TCP, and stop() ends it and removes its folder")
    func ownServer() throws {
        let server = try PostgresTestServer()
        defer { server.stop() }
        let database = try PostgresTestDatabase(server: server)
        let overSocket = try PostgresConnection(url: database.url)
        let overTCP = try PostgresConnection(url: database.tcpURL)
        #expect(try overTCP.query("SELECT current_database()")[0].string(0) == database.name)
        #expect(try overSocket.query("SELECT inet_server_port()")[0].isNull(0), "a socket session has no port")
        #expect(try overTCP.query("SELECT inet_server_port()")[0].int(0) == server.port)

        // The server's files belong to an unprivileged user whoever runs the tests.
        let data = try overSocket.query("SELECT current_setting('data_directory')")[0].string(0)
        #expect(data.hasPrefix(server.folder))
        let owner = try #require(try FileManager.default.attributesOfItem(atPath: data)[.ownerAccountID] as? NSNumber)
        #expect(owner.intValue != 0, "the cluster must not be owned by root")
        if geteuid() != 0 { #expect(owner.uint32Value == geteuid()) }

        let pid = try #require(Int32(String(contentsOfFile: "\(data)/postmaster.pid", encoding: .utf8).prefix { $0 != "\n" }))
        database.drop()
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: server.folder))
        #expect(kill(pid, 0) != 0 || Self.isZombie(pid), "the postmaster (pid \(pid)) is gone")
        #expect(throws: PostgresError.self) { try overTCP.query("SELECT 1") }
    }

    @Test("databases of the shared server are separate, and a dropped one is gone")
    func databasesAreSeparate() throws {
        let first = try PostgresFixture()
        let second = try PostgresFixture()
        #expect(first.database.name != second.database.name)
        try first.connect().executeScript("CREATE TABLE only_here (n int)")
        #expect(throws: PostgresError.self) { try second.connect().query("SELECT * FROM only_here") }
        first.database.drop()
        let gone = try #require(throws: PostgresError.self) { try first.connect() }
        #expect(gone.message.contains("does not exist"))
    }

    /// An ended process nobody has waited for yet (pg_ctl's child, left to init).
    private static func isZombie(_ pid: Int32) -> Bool {
        ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").contains(") Z ")
    }
}
