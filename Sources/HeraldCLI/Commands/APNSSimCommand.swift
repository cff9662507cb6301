import Dispatch
import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore

/// `herald apns-sim`: a local APNs (HTTP/2 over TLS) for development, tests and benchmarks.
enum APNSSimCommand: Command {
    static let name = "apns-sim"
    static let summary = "Run a local APNs simulator (HTTP/2, TLS, JWT checks, faults)"
    static let help = """
        Usage: herald apns-sim [--listen HOST:PORT] [--tls-dir DIR] [--trust-key KEYID:TEAMID:FILE]...
                               [--trust-cert FILE]... [--record FILE] [--max-streams N]
                               [--fault TOKEN:STATUS:REASON]... [--duration SECONDS]

        Serves POST /3/device/<token> like APNs: checks the path, method, every apns-*
        header, the topic's suffix for the push type, the payload (size, JSON) and the
        provider token (ES256 signature by a trusted key, team, age), and answers with
        APNs statuses, reasons and apns-id. Prints the URL and the CA file to trust, then
        runs until SIGINT or SIGTERM (or --duration) and prints its statistics as JSON.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 after a clean stop, 2 bad usage or the port cannot be opened.
        """
    static let listen = Option.text(
        "listen", "HOST:PORT", expected: "HOST:PORT, such as 127.0.0.1:2197", default: "127.0.0.1:2197",
        "loopback address (default 127.0.0.1:2197; port 0 picks one)")
    static let tlsDir = Option.text(
        "tls-dir", "DIR", kind: .path, default: ".herald-apns-sim", "where ca.pem and key.pem are made or loaded")
    static let trustKey = Option.repeatable(
        "trust-key", "K:T:FILE", "accept tokens of key id K, team T, key FILE (.p8 or public PEM)")
    static let trustCert = Option.repeatable("trust-cert", "FILE", kind: .file, "accept this PEM client certificate (certificate auth)")
    static let record = Option.text(
        "record", "FILE", kind: .path,
        "append each accepted notification to FILE as a JSON line, written before its 200 is sent (a restart adds to FILE)")
    static let maxStreams = Option.integer("max-streams", "N", in: 1...Int.max, default: 1000, "SETTINGS_MAX_CONCURRENT_STREAMS")
    static let fault = Option.repeatable(
        "fault", "F",
        "TOKEN[#TIMES]:STATUS:REASON, TOKEN:delay:MS, TOKEN:drop, TOKEN:goaway or TOKEN:stall (never answer; the connection goes silent, PINGs unanswered, but stays open); TOKEN is hex, * or every-N (repeatable)"
    )
    static let duration = Option.duration("duration", in: .positive, "stop after this long")
    static let spec = Arguments.Spec([
        listen.descriptor, tlsDir.descriptor, trustKey.descriptor, trustCert.descriptor, record.descriptor, maxStreams.descriptor,
        fault.descriptor, duration.descriptor,
    ])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        let configuration: APNSSimulatorConfiguration
        let duration = arguments[Self.duration]
        do {
            configuration = try makeConfiguration(arguments)
        } catch {
            return fail("\(error)", terminal)
        }
        return await SimulatorRun.serve(name, duration: duration, terminal: terminal) {
            let simulator = try APNSSimulator.start(configuration)
            let lines = ["herald apns-sim listening on \(simulator.url)", "trust this CA: \(simulator.caFile)"]
            return (lines, {
                simulator.stop()
                return SimulatorStatisticsJSON.line(simulator.statistics)
            })
        }
    }

    static func makeConfiguration(_ arguments: Arguments) throws -> APNSSimulatorConfiguration {
        var configuration = APNSSimulatorConfiguration()
        (configuration.host, configuration.port) = try ListenOption.parse(arguments[Self.listen], Self.listen)
        configuration.tlsDirectory = arguments[Self.tlsDir]
        configuration.trustedKeys = try arguments[Self.trustKey].map { try APNSSimulatorConfiguration.TrustedKey(parsing: $0) }
        configuration.trustedCertificates = try arguments[Self.trustCert].map { file in
            guard let pem = FileManager.default.contents(atPath: file) else { throw Self.trustCert.invalid(file) }
            return try TestCertificate.der(ofPEM: String(decoding: pem, as: UTF8.self), source: file)
        }
        configuration.recordFile = arguments[Self.record]
        configuration.keptInMemory = 0
        configuration.maxConcurrentStreams = arguments[Self.maxStreams]
        configuration.faults = try arguments[Self.fault].map { try SimulatorFault(parsing: $0) }
        if configuration.trustedKeys.isEmpty && configuration.trustedCertificates.isEmpty {
            throw UsageError("give --trust-key KEYID:TEAMID:FILE (or --trust-cert FILE); without one every request gets 403")
        }
        return configuration
    }
}

/// The statistics line `apns-sim` prints when it stops.
enum SimulatorStatisticsJSON {
    static func line(_ statistics: SimulatorStatistics) -> String {
        JSONWriter.serialize(.object([
            "connections": .int(statistics.connections), "requests": .int(statistics.requests),
            "accepted": .int(statistics.accepted), "rejected": .object(statistics.rejected.mapValues { .int($0) }),
            "dropped": .int(statistics.dropped), "goAways": .int(statistics.goAways), "refusedStreams": .int(statistics.refusedStreams),
            "peakConcurrentStreams": .int(statistics.peakConcurrentStreams),
        ]))
    }
}
