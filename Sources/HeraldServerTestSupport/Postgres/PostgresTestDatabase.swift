import Foundation

/// A database of its own for one test, in the shared `PostgresTestServer` (or another):
/// created with a unique name, dropped (sessions still in it ended) by `drop()` or when
/// the value goes. Tests that each take one are independent and may run in parallel.
public final class PostgresTestDatabase: @unchecked Sendable {
    public let server: PostgresTestServer
    public let name: String
    private let lock = NSLock()
    private var dropped = false

    /// A new database in `server` (the shared one by default).
    public init(server: PostgresTestServer? = nil) throws(PostgresTestServer.Failure) {
        let server = try Self.server(server)
        let name = "herald_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        let result = try server.run("createdb", server.clientArguments + [name])
        guard result.status == 0 else {
            throw PostgresTestServer.Failure("createdb \(name) failed (exit \(result.status)): \(result.err)")
        }
        self.server = server
        self.name = name
    }

    deinit { drop() }

    private static func server(_ given: PostgresTestServer?) throws(PostgresTestServer.Failure) -> PostgresTestServer {
        if let given { return given }
        return try PostgresTestServer.shared()
    }

    /// Over the Unix socket, no password: `postgres://herald@/<name>?host=<folder>&port=<port>`.
    public var url: String { server.socketURL(database: name) }

    /// Over TCP on 127.0.0.1 with the password.
    public var tcpURL: String { server.tcpURL(database: name) }

    /// Drops the database, ending the sessions still connected to it.
    public func drop() {
        let first = lock.withLock {
            defer { dropped = true }
            return !dropped
        }
        guard first else { return }
        _ = try? server.run("dropdb", server.clientArguments + ["--force", "--if-exists", name])
    }
}

extension PostgresTestServer {
    /// Where and as whom client programs (createdb, dropdb, psql) connect.
    var clientArguments: [String] { ["-h", folder, "-p", String(port), "-U", Self.user] }
}
