import COpenSSL
import Foundation
import HeraldAPNsModel
import HeraldShared

/// A local APNs: HTTP/2 over TLS (ALPN h2) on libnghttp2 and OpenSSL, checking every
/// request the way APNs does and answering with APNs statuses, reasons and bodies.
///
/// ```swift
/// var configuration = APNSSimulatorConfiguration()
/// configuration.trustedKeys = [.init(keyID: "ABC123DEFG", teamID: "TEAM123456", publicKey: key.publicKey())]
/// let simulator = try APNSSimulator.start(configuration)
/// defer { simulator.stop() }
/// // send to simulator.url, trusting simulator.caFile
/// ```
///
/// It listens on loopback only, runs one server thread, and stops when `stop()` is
/// called (or when it is released).
public final class APNSSimulator: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    public let host: String
    /// The CA file clients must trust (`ca.pem` in the TLS folder).
    public let caFile: String
    private let server: SimulatorServer
    private let recorder: NotificationRecorder
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)
    private let temporaryDirectory: String?

    /// The base URL for `APNSEndpoint.custom(url:)`.
    public var url: String { host.contains(":") ? "https://[\(host)]:\(port)" : "https://\(host):\(port)" }

    private init(port: Int, host: String, caFile: String, server: SimulatorServer, recorder: NotificationRecorder, temporaryDirectory: String?) {
        self.port = port
        self.host = host
        self.caFile = caFile
        self.server = server
        self.recorder = recorder
        self.temporaryDirectory = temporaryDirectory
    }

    deinit { stop() }

    /// Makes (or loads) the certificate, binds the socket and starts the server thread.
    public static func start(_ configuration: APNSSimulatorConfiguration) throws(APNSSimulatorError) -> APNSSimulator {
        guard configuration.maxConcurrentStreams > 0 else {
            throw APNSSimulatorError("--max-streams", "must be at least 1, found \(configuration.maxConcurrentStreams)")
        }
        // A client that goes away while its answer is written (a gateway killed with -9)
        // must cost its connection, not the process: SIGPIPE's default action ends it.
        signal(SIGPIPE, SIG_IGN)
        var temporary: String?
        var tlsPath = configuration.tlsDirectory ?? ""
        if configuration.tlsDirectory == nil {
            tlsPath = FileManager.default.temporaryDirectory.appendingPathComponent("herald-apns-sim-\(UUID().uuidString)").path
            temporary = tlsPath
        }
        var started = false
        // A TLS folder made here goes if the simulator does not start (stop() removes it otherwise).
        defer { if !started, let temporary { try? FileManager.default.removeItem(atPath: temporary) } }
        let directory = TLSDirectory(path: tlsPath)
        let tls: TLSServerContext
        do {
            tls = try TLSServerContext(certificate: try directory.loadOrMake())
        } catch let error as APNSKeyError {
            throw APNSSimulatorError("--tls-dir", error.description)
        } catch {
            throw APNSSimulatorError("--tls-dir", "\(error)")
        }
        let (listener, port) = try Listener.bind(host: configuration.host, port: configuration.port)
        let recorder: NotificationRecorder
        let server: SimulatorServer
        do {
            recorder = try NotificationRecorder(file: configuration.recordFile, keep: configuration.keptInMemory)
            server = try SimulatorServer(listener: listener, tls: tls, configuration: configuration, recorder: recorder)
        } catch {
            Glibc.close(listener)
            throw error
        }
        let simulator = APNSSimulator(port: port, host: configuration.host, caFile: directory.caFile, server: server, recorder: recorder, temporaryDirectory: temporary)
        let finished = simulator.finished
        let thread = Thread {
            server.run()
            Glibc.close(listener)
            recorder.close()
            finished.signal()
        }
        thread.name = configuration.threadName
        thread.start()
        started = true
        return simulator
    }

    /// Stops the server: closes every connection and the record file, waits for the thread.
    public func stop() {
        let first = stopped.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        server.send(.stop)
        finished.wait()
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    /// Sends GOAWAY to every open connection (APNs does this before it shuts a server down).
    public func goAway() { server.send(.goAway) }

    /// Closes every connection at once, without answering open streams.
    public func dropConnections() { server.send(.dropConnections) }

    /// Adds a fault for the requests that come after it.
    public func add(_ fault: SimulatorFault) { server.send(.addFault(fault)) }

    /// Removes every fault.
    public func clearFaults() { server.send(.clearFaults) }

    /// Counters since the start.
    public var statistics: SimulatorStatistics { server.statistics.current }

    /// Accepted notifications kept in memory, in the order they were accepted.
    public var accepted: [RecordedNotification] { recorder.notifications }

    /// How many notifications were accepted.
    public var acceptedCount: Int { recorder.total }
}
