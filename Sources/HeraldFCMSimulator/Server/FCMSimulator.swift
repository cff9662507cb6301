import Foundation
import HeraldAPNsSimulator
import HeraldFCMModel
import HeraldShared

/// A local FCM: the HTTP v1 send endpoint and Google's OAuth 2.0 token endpoint, on
/// HTTP/2 over TLS with its own CA (the APNs simulator's server, serving FCM's routes).
///
/// It writes `service-account.json` beside `ca.pem`: a service account it trusts, with a
/// fresh RSA key and a `token_uri` pointing at itself, so clients need no Google account.
///
/// ```swift
/// let simulator = try FCMSimulator.start(FCMSimulatorConfiguration())
/// defer { simulator.stop() }
/// let account = try FCMServiceAccount(contentsOfFile: simulator.serviceAccountFile)
/// // send to simulator.url, trusting simulator.caFile
/// ```
public final class FCMSimulator: @unchecked Sendable {
    public let port: Int
    public let host: String
    /// The CA file clients must trust (`ca.pem` in the TLS folder).
    public let caFile: String
    /// The service-account file the simulator trusts (`service-account.json` in the TLS folder).
    public let serviceAccountFile: String
    public let account: FCMServiceAccount
    private let server: APNSSimulator
    private let desk: FCMDesk
    private let recorder: NotificationRecorder
    private let temporaryDirectory: String?
    private let stopped = Locked(false)

    /// The base URL of the send endpoint (the client's endpoint override).
    public var url: String { host.contains(":") ? "https://[\(host)]:\(port)" : "https://\(host):\(port)" }

    private init(
        server: APNSSimulator, desk: FCMDesk, recorder: NotificationRecorder, account: FCMServiceAccount, file: String, temporary: String?
    ) {
        self.server = server
        self.desk = desk
        self.recorder = recorder
        self.account = account
        port = server.port
        host = server.host
        caFile = server.caFile
        serviceAccountFile = file
        temporaryDirectory = temporary
    }

    deinit { stop() }

    /// Makes (or loads) the certificate and the service account, binds the socket and starts the server thread.
    public static func start(_ configuration: FCMSimulatorConfiguration) throws(FCMSimulatorError) -> FCMSimulator {
        var temporary: String?
        let folder =
            configuration.tlsDirectory
            ?? {
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-fcm-sim-\(UUID().uuidString)").path
                temporary = path
                return path
            }()
        var started = false
        defer { if !started, let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
        let key: RSASigningKey
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            key = try loadOrMakeKey(folder + "/service-account.json", email: configuration.clientEmail)
        } catch let error as FCMSimulatorError {
            throw error
        } catch {
            throw FCMSimulatorError("--tls-dir", "\(folder): \(error); give a writable folder")
        }
        let audience = Locked("")
        let recorder: NotificationRecorder
        let publicKey: RSAPublicKey
        do {
            recorder = try NotificationRecorder(file: configuration.recordFile, keep: 0)
            publicKey = try key.publicKey()
        } catch let error as APNSSimulatorError {
            throw FCMSimulatorError(error.field, error.message)
        } catch {
            throw FCMSimulatorError("key", "\(error)")
        }
        let checker = AssertionChecker(publicKey: publicKey, clientEmail: configuration.clientEmail, tokenURI: { audience.current })
        let desk = FCMDesk(assertions: checker, configuration: configuration, recorder: recorder)
        var serverConfiguration = APNSSimulatorConfiguration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        serverConfiguration.tlsDirectory = folder
        serverConfiguration.keptInMemory = 0
        serverConfiguration.maxConcurrentStreams = configuration.maxConcurrentStreams
        serverConfiguration.service = { desk.answer($0) }
        serverConfiguration.threadName = "herald-fcm-sim"
        let server: APNSSimulator
        do {
            server = try APNSSimulator.start(serverConfiguration)
        } catch {
            throw FCMSimulatorError(error.field == "--listen" ? "--port" : error.field, error.message)
        }
        let base =
            configuration.host.contains(":")
            ? "https://[\(configuration.host)]:\(server.port)" : "https://\(configuration.host):\(server.port)"
        audience.withLock { $0 = base + FCMDesk.tokenPath }
        let account = FCMServiceAccount(
            projectID: configuration.projectID, clientEmail: configuration.clientEmail, privateKeyID: "herald-sim", privateKey: key,
            tokenURI: base + FCMDesk.tokenPath)
        let file = folder + "/service-account.json"
        do {
            try Data(try account.json().utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        } catch {
            server.stop()
            throw FCMSimulatorError("--tls-dir", "\(file): could not write the service account (\(error.localizedDescription))")
        }
        started = true
        return FCMSimulator(server: server, desk: desk, recorder: recorder, account: account, file: file, temporary: temporary)
    }

    /// The key of the service account already in the folder, or a fresh one.
    private static func loadOrMakeKey(_ file: String, email: String) throws -> RSASigningKey {
        if let data = FileManager.default.contents(atPath: file), let account = try? FCMServiceAccount(json: [UInt8](data)),
            account.clientEmail == email
        {
            return account.privateKey
        }
        return try RSASigningKey.generate()
    }

    /// Stops the server and closes the record file.
    public func stop() {
        let first = stopped.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        server.stop()
        recorder.close()
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    /// Adds a fault for the requests that come after it.
    public func add(_ fault: FCMSimulatorFault) { desk.add(fault) }

    /// Removes every fault.
    public func clearFaults() { desk.clearFaults() }

    /// Forgets every access token issued so far: the next send with one gets 401 UNAUTHENTICATED.
    public func revokeTokens() { desk.revokeTokens() }

    /// Accepted `message` objects, in the order they were accepted.
    public var accepted: [JSONValue] { desk.accepted }

    public var statistics: FCMSimulatorStatistics {
        var statistics = desk.statistics
        let server = server.statistics
        (statistics.connections, statistics.peakConcurrentStreams) = (server.connections, server.peakConcurrentStreams)
        return statistics
    }
}
