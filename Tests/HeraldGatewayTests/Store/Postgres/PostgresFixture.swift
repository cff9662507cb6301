import HeraldServerTestSupport
import HeraldTestSupport
@testable import HeraldGateway
@testable import HeraldStore

/// A database of the test's own in the shared PostgreSQL test server, and connections to
/// it. When PostgreSQL cannot be started, making one throws why, and the test fails.
final class PostgresFixture: @unchecked Sendable {
    let database: PostgresTestDatabase

    init() throws {
        database = try PostgresTestDatabase()
    }

    /// The URL over the Unix socket.
    var url: String { database.url }

    func connect() throws -> PostgresConnection {
        try PostgresConnection(url: database.url)
    }

    /// Ends the server process behind `pid` (`backendPID`) from another session, as an
    /// administrator or a server restart would, and waits until it is gone. True if it was.
    func terminate(backend pid: Int) throws -> Bool {
        try connect().query("SELECT pg_terminate_backend($1, 5000)", [.int(pid)])[0].bool(0)
    }
}
