import Foundation
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
import Testing
@testable import HeraldGateway

/// `herald app` and `herald serve` on a PostgreSQL database, as real processes against the
/// test server, over TCP with a password that must never be printed.
@Suite("herald serve --database")
struct ServeDatabaseTests {
    static let key = "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49\n-----END PRIVATE KEY-----\n"

    static func herald(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess.Output {
        try ChildProcess.run(
            ServeProcess.executable, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    @Test("herald app create --database, then herald serve --database: a device registers, a publish is delivered, no password shown")
    func createServePublish() throws {
        let database = try PostgresTestDatabase()
        let url = database.tcpURL
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.cleanup() }
        let keyFile = folder.url.appendingPathComponent("key.p8").path
        try Data(Self.key.utf8).write(to: URL(fileURLWithPath: keyFile))
        let record = folder.url.appendingPathComponent("sent.jsonl").path

        let created = try Self.herald([
            "app", "create", "--database", url, "--name", "Demo", "--bundle-id", "com.example.demo", "--auth-key", keyFile,
            "--key-id", "ABCDE12345", "--team-id", "TEAM123456",
        ])
        #expect(created.status == 0, "\(created.err)")
        let app = try JSONParser().parse(Array(created.out.utf8))
        let appID = try #require(app["appId"]?.stringValue)
        let serverKey = try #require(app["serverKey"]?.stringValue), clientKey = try #require(app["clientKey"]?.stringValue)
        // HERALD_DATABASE_URL is the same database: `herald app list` finds the app there.
        let listed = try Self.herald(["app", "list", "--json"], environment: ["HERALD_DATABASE_URL": url])
        #expect(listed.status == 0 && listed.out.contains(appID), "\(listed.err)")

        let server = try ServeProcess(["--database", url, "--deliverer", "record:\(record)"])
        #expect(server.firstLine.contains("(database postgres://herald:***@127.0.0.1:\(database.server.port)/\(database.name)"))
        let port = server.port
        let registered = try RawHTTPClient.json(
            port: port, "POST", "/v1/apps/\(appID)/devices", key: clientKey,
            ["token": .string(StoreFixture.token(1)), "environment": "production", "interests": ["news"]])
        #expect(registered.status == 201)
        let published = try RawHTTPClient.json(
            port: port, "POST", "/v1/apps/\(appID)/publishes", key: serverKey, ["interests": ["news"], "notification": ["title": "Hi"]])
        #expect(published.status == 202)
        let id = try #require(published.json?["publishId"]?.stringValue)
        // Synchronous, so that a busy test process cannot starve the wait; read, then decide,
        // so that a wait that overslept the deadline still gets a last look.
        let deadline = Date().addingTimeInterval(60)
        var status: JSONValue?
        while true {
            status = try RawHTTPClient.json(port: port, "GET", "/v1/apps/\(appID)/publishes/\(id)", key: serverKey).json
            if status?["status"] == "done" || Date() >= deadline { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(server.terminate() == 0)
        let serverErrors = server.standardError
        #expect(status?["status"] == "done" && status?["sent"] == 1, "\(status.map { "\($0)" } ?? "no status"); \(serverErrors)")
        let sent = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        #expect(sent.contains(StoreFixture.token(1)) && sent.contains(id))
        let output = created.out + created.err + listed.err + server.firstLine + serverErrors
        #expect(!output.contains(database.server.password), "the password is never printed")
    }

    @Test(
        "--data with --database, a URL that is not PostgreSQL's, --durability normal with a database: usage errors, no password repeated",
        arguments: [
            (["--data", "x", "--database", "postgres://u:pw-1@h/db"], "give --data DIR (an SQLite folder) or --database URL"),
            (["--database", "mysql://u:pw-1@h/db"], "--database: expected a URL that starts with postgres://"),
            (["--database", "postgres://u:pw-1@h/db", "--durability", "normal"], "--durability normal is SQLite's only"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        for command in [["serve", "--listen", "127.0.0.1:0"], ["app", "list"]] {
            let result = try Self.herald(command + arguments)
            if command[0] == "app" && arguments.contains("--durability") { continue }
            #expect(result.status == 2, "\(command[0]): \(result.err)")
            #expect(result.err.contains(message), "\(command[0]): \(result.err)")
            #expect(!result.err.contains("pw-1"), "\(command[0])")
        }
    }

    @Test("a database that cannot be reached: exit status 1, the reason, the URL without its password")
    func unreachable() throws {
        let url = "postgres://herald:pw-2@127.0.0.1:1/herald?connect_timeout=2"
        for command in [["serve", "--listen", "127.0.0.1:0", "--database", url], ["app", "list", "--database", url]] {
            let result = try Self.herald(command)
            #expect(result.status == 1, "\(command[0]): \(result.err)")
            #expect(result.err.contains("postgres://herald:***@127.0.0.1:1/herald"), "\(command[0]): \(result.err)")
            #expect(!result.err.contains("pw-2"), "\(command[0])")
        }
    }
}
