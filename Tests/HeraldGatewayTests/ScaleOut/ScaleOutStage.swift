import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore
import HeraldServerTestSupport
import HeraldTestSupport
@testable import HeraldGateway
@testable import HeraldStore

#if canImport(Glibc)
    import Glibc
#endif

/// The stage of the scale-out fault tests: a PostgreSQL database with an app and its
/// devices, `herald apns-sim` as a child process recording what it accepts, and any number
/// of `herald serve --database` processes delivering to it through HeraldAPNs.
final class ScaleOutStage: @unchecked Sendable {
    static let keyID = "SCALE12345"
    static let teamID = "TEAM123456"
    let appID = "app_scale"
    let serverKey = "hsk_" + String(repeating: "7", count: 64)
    let clientKey = "hck_" + String(repeating: "8", count: 64)
    let folder = TemporaryFolder()
    let database: PostgresTestDatabase
    /// The test's own view of the database (an instance of its own, which never claims).
    let store: PostgresStore
    let tokens: [String]
    private let simulator: ChildProcess
    private let record: String

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `devices` devices with the interest "all", in the database of `server` (the shared
    /// test server by default).
    init(devices: Int, server: PostgresTestServer? = nil) throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        record = folder.url.appendingPathComponent("apns-record.jsonl").path
        let key = try APNSSigningKey.generate()
        let keyFile = folder.url.appendingPathComponent("key.p8").path
        try Data(try key.pkcs8PEM().utf8).write(to: URL(fileURLWithPath: keyFile))
        let tls = folder.url.appendingPathComponent("tls").path
        simulator = try ChildProcess(
            ServeProcess.executable,
            ["apns-sim", "--listen", "127.0.0.1:0", "--tls-dir", tls, "--trust-key", "\(Self.keyID):\(Self.teamID):\(keyFile)", "--record", record],
            stdout: .pipe, stderr: .discard)
        let line = Self.firstLine(of: simulator)
        guard let range = line.range(of: "https://127.0.0.1:") else {
            simulator.kill(SIGKILL)
            simulator.wait()
            throw Failure(description: "herald apns-sim did not start: \(line)")
        }
        let endpoint = String(line[range.lowerBound...])
        database = try PostgresTestDatabase(server: server)
        store = try PostgresStore(url: database.url, connections: 2, instance: GatewayInstance(id: "test-stage", host: "stage", pid: 0))
        try store.createApp(
            AppRecord(
                id: appID, name: "Scale", bundleID: "com.example.scale", serverKeyHash: APIKey.hash(serverKey),
                clientKeyHash: APIKey.hash(clientKey), createdAt: 1))
        _ = try store.setCredentials(
            appID: appID,
            APNSCredentials(
                environment: .production, method: .token(keyID: Self.keyID, teamID: Self.teamID, privateKeyPEM: try key.pkcs8PEM()),
                endpoint: endpoint, caFile: tls + "/ca.pem"))
        tokens = (0..<devices).map(StoreFixture.token)
        let now = Date().timeIntervalSince1970
        for chunk in stride(from: 0, to: devices, by: 5000) {
            _ = try store.importDevices(
                appID: appID,
                tokens[chunk..<min(devices, chunk + 5000)].map { DeviceRegistration(token: $0, environment: .production, interests: ["all"]) },
                now: now)
        }
    }

    deinit {
        simulator.kill(SIGTERM)
        simulator.wait()
        database.drop()
        folder.cleanup()
    }

    /// `herald serve` on the database as `name`, with a short lease and small steps so that
    /// a kill lands in the middle of things.
    func gateway(_ name: String) throws -> ServeProcess {
        try ServeProcess([
            "--database", database.url, "--instance-id", name, "--lease", "3", "--batch-size", "100", "--fanout-batch", "500",
        ])
    }

    /// A publish to every device through the gateway on `port`; its id.
    func publish(port: UInt16, idempotencyKey: String? = nil) throws -> String {
        var fields: [String: JSONValue] = ["interests": ["all"], "notification": ["title": "scale"]]
        if let idempotencyKey { fields["idempotencyKey"] = .string(idempotencyKey) }
        let body = JSONValue.object(fields)
        let response = try RawHTTPClient.json(port: port, "POST", "/v1/apps/\(appID)/publishes", key: serverKey, body)
        guard let id = response.json?["publishId"]?.stringValue else {
            throw Failure(description: "publish refused: \(response.status) \(String(decoding: response.body, as: UTF8.self))")
        }
        return id
    }

    /// The publish once it is done, or as it is after `timeout` seconds.
    func waitUntilDone(_ id: String, timeout: Double) throws -> PublishRecord? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let record = try store.publish(appID: appID, id: id)
            if record?.status == .done || Date() >= deadline { return record }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits until `condition` holds on the database (checked every few milliseconds).
    func waitFor(_ what: String, timeout: Double = 60, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            guard Date() < deadline else { throw Failure(description: "timed out waiting for \(what)") }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    /// One number from the database.
    func count(_ sql: String) throws -> Int {
        try store.read { db in try db.query(sql)[0].int(0) }
    }

    /// What the simulator accepted for `publish`: the apns-ids each token got it with.
    func received(_ publish: String) throws -> [String: [String]] {
        let text = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
        var received: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            let value = try JSONParser().parse(String(line))
            guard value["payload"]?["herald"]?["publishId"]?.stringValue == publish, let token = value["token"]?.stringValue,
                let apnsID = value["apnsId"]?.stringValue
            else { continue }
            received[token, default: []].append(apnsID)
        }
        return received
    }

    private static func firstLine(of process: ChildProcess) -> String {
        var line = [UInt8]()
        let handle = process.standardOutput ?? FileHandle.nullDevice
        while let byte = handle.readData(ofLength: 1).first, byte != UInt8(ascii: "\n") { line.append(byte) }
        return String(decoding: line, as: UTF8.self)
    }
}
