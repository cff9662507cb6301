import Foundation
import HeraldAPNsModel
import HeraldAuth
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
@testable import HeraldGateway
@testable import HeraldHTTP
@testable import HeraldStore

/// A gateway started in-process on an ephemeral loopback port, with a fake deliverer and
/// one app whose keys are known.
@MainActor
final class GatewayServiceFixture {
    let folder = TemporaryFolder()
    let deliverer = FakeDeliverer()
    let service: GatewayService
    let appID: String
    let serverKey: String
    let clientKey: String
    let userTokenSecret: String
    /// What `/metrics` requires here (the per-app series come with it).
    let metricsToken = "metrics-" + String(repeating: "m", count: 24)

    /// The PostgreSQL database of a fixture on `.postgres`.
    private let database: PostgresTestDatabase?

    init(
        http: HTTPServer.Configuration = HTTPServer.Configuration(), store kind: StoreKind = .sqlite,
        console: ConsoleSettings = ConsoleSettings(), flaky: Bool = false
    ) throws {
        var store: any GatewayStore
        switch kind {
        case .sqlite:
            database = nil
            store = try SQLiteStore(directory: folder.url, durability: .normal)
        case .postgres:
            let database = try PostgresTestDatabase()
            self.database = database
            store = try PostgresStore(url: database.url, connections: http.handlerThreads + 3)
        }
        if flaky { store = FlakyStore(store) }
        service = try GatewayService(
            store: store, listen: ListenAddress(host: "127.0.0.1", port: 0), http: http, deliverer: deliverer, fcmDeliverer: deliverer,
            metricsToken: metricsToken,
            console: console)
        let created = try AppProvisioning(store: service.store).create(
            name: "Test", bundleID: "com.example.test",
            credentials: [
                APNSCredentials(environment: .production, method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: "pem")),
                APNSCredentials(environment: .sandbox, method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: "pem")),
            ], fcmCredentials: try FCMTestAccount.credentials(), rateLimit: nil, now: Date().timeIntervalSince1970)
        appID = created.appID
        serverKey = created.serverKey.secret
        clientKey = created.clientKey.secret
        userTokenSecret = created.userTokenSecret
    }

    /// A user token for `user`, as the app's backend would sign it now.
    func userToken(_ user: String) throws -> String {
        try UserTokenSigner(appID: appID, secret: userTokenSecret).token(userID: user, now: Date().timeIntervalSince1970)
    }

    var port: UInt16 { service.port }

    /// The store wrapper of a fixture made `flaky` (to freeze or cut off the store).
    var flaky: FlakyStore? { service.store as? FlakyStore }

    func stop() {
        service.stop()
        folder.cleanup()
        database?.drop()
    }

    /// Waits (polling the API) until the publish reaches `status`, up to `timeout` seconds.
    func waitFor(publish id: String, status: String, timeout: Double = 30) async throws -> JSONValue? {
        let deadline = Date().addingTimeInterval(timeout)
        let port = self.port, key = serverKey, path = "/v1/apps/\(appID)/publishes/\(id)"
        while true {
            // Read, then decide: a wait that overslept the deadline still gets a last look.
            let last = try await blocking { try RawHTTPClient.json(port: port, "GET", path, key: key).json }
            if last?["status"]?.stringValue == status || Date() >= deadline { return last }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }
}

extension GatewayServiceFixture {
    /// A JSON request from a background thread (the main actor keeps running the workers).
    func call(_ method: String, _ path: String, key: String? = nil, _ body: JSONValue? = nil) async throws -> RawHTTPClient.Response {
        let port = self.port
        return try await blocking { try RawHTTPClient.json(port: port, method, path, key: key, body) }
    }
}
