import Foundation
import HeraldFCMModel
import HeraldFCMSimulator
import HeraldShared

/// `herald fcm-sim`: a local FCM (the HTTP v1 send endpoint and the OAuth token endpoint) for
/// development, tests and benchmarks.
enum FCMSimCommand: Command {
    static let name = "fcm-sim"
    static let summary = "Run a local FCM simulator (HTTP/2, TLS, OAuth tokens, faults)"
    static let help = """
        Usage: herald fcm-sim [--listen HOST:PORT] [--tls-dir DIR] [--project ID] [--record FILE]
                              [--fault F]... [--duration SECONDS]

        Serves POST /token like Google's OAuth 2.0 token endpoint (checks the RS256
        assertion against the service account it trusts, and its claims) and
        POST /v1/projects/<project>/messages:send like FCM (checks the access token, the
        project, the message's shape and FCM's limits; answers {"name": ...} or Google's
        error JSON). Writes service-account.json beside ca.pem in the TLS folder: a
        service account it trusts, whose token_uri points at the simulator. A registration
        token's prefix chooses a fault for it: unregistered-, mismatch-, quota-,
        unavailable-, internal-, invalid-, stall-. Prints the URL, the CA file and the
        service-account file, then runs until SIGINT or SIGTERM (or --duration) and prints
        its statistics as JSON.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 after a clean stop, 2 bad usage or the port cannot be opened.
        """
    static let listen = Option.text(
        "listen", "HOST:PORT", expected: "HOST:PORT, such as 127.0.0.1:2198", default: "127.0.0.1:2198",
        "loopback address (default 127.0.0.1:2198; port 0 picks one)")
    /// Before --listen, this command alone took a port: still taken, and said to be --listen's.
    static let port = Option.integer("port", "N", in: 0...65535, "the same as --listen 127.0.0.1:N (kept for scripts; use --listen)")
    static let tlsDir = Option.text(
        "tls-dir", "DIR", kind: .path, default: ".herald-fcm-sim", "where ca.pem, key.pem and service-account.json are made or loaded")
    static let project = Option.text("project", "ID", default: "herald-sim", "the project id messages must be sent to")
    static let record = Option.text(
        "record", "FILE", kind: .path, "append each accepted message to FILE as a JSON line, written before its 200 is sent")
    static let fault = Option.repeatable(
        "fault", "F", "unavailable[:N], quota[:N[:SECONDS]], stall[:N] (the next N sends) or token-down (repeatable)")
    static let duration = Option.duration("duration", in: .positive, "stop after this long")
    static let spec = Arguments.Spec([
        listen.descriptor, port.descriptor, tlsDir.descriptor, project.descriptor, record.descriptor, fault.descriptor, duration.descriptor,
    ])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        var configuration = FCMSimulatorConfiguration()
        do {
            if let port = arguments[Self.port] {
                guard !arguments.given(Self.listen) else { throw UsageError("give --listen HOST:PORT or --port N, not both") }
                terminal.error("herald fcm-sim: --port \(port) is --listen 127.0.0.1:\(port); the other commands take --listen, use it")
                configuration.port = port
            } else {
                (configuration.host, configuration.port) = try ListenOption.parse(arguments[Self.listen], Self.listen)
            }
        } catch {
            return fail("\(error)", terminal)
        }
        configuration.tlsDirectory = arguments[Self.tlsDir]
        configuration.projectID = arguments[Self.project]
        configuration.recordFile = arguments[Self.record]
        do {
            configuration.faults = try arguments[Self.fault].map { text throws(FCMSimulatorError) in try FCMSimulatorFault(parsing: text) }
        } catch {
            return fail("\(error)", terminal)
        }
        return await SimulatorRun.serve(name, duration: arguments[Self.duration], terminal: terminal) {
            let simulator = try FCMSimulator.start(configuration)
            let lines = [
                "herald fcm-sim listening on \(simulator.url)", "trust this CA: \(simulator.caFile)", "service account: \(simulator.serviceAccountFile)",
            ]
            return (lines, {
                simulator.stop()
                let statistics = simulator.statistics
                return JSONWriter.serialize([
                    "tokensIssued": .int(statistics.tokensIssued), "tokensRefused": .int(statistics.tokensRefused),
                    "accepted": .int(statistics.accepted), "rejected": .object(statistics.rejected.mapValues { .int($0) }),
                ])
            })
        }
    }
}
