import Dispatch
import Foundation
import HeraldAPNs
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
          --listen HOST:PORT    loopback address (default 127.0.0.1:2197; port 0 picks one)
          --tls-dir DIR         where ca.pem and key.pem are made or loaded (default .herald-apns-sim)
          --trust-key K:T:FILE  accept tokens of key id K, team T, key FILE (.p8 or public PEM)
          --trust-cert FILE     accept this PEM client certificate (certificate auth)
          --record FILE         append each accepted notification to FILE as a JSON line,
                                written before its 200 is sent (a restart adds to FILE)
          --max-streams N       SETTINGS_MAX_CONCURRENT_STREAMS (default 1000)
          --fault F             TOKEN[#TIMES]:STATUS:REASON, TOKEN:delay:MS, TOKEN:drop,
                                TOKEN:goaway or TOKEN:stall (never answer; the connection
                                goes silent, PINGs unanswered, but stays open);
                                TOKEN is hex, * or every-N (repeatable)
          --duration SECONDS    stop after this long
          --help                show this help

        Exit status: 0 after a clean stop, 2 bad usage or the port cannot be opened.
        """
    static let spec = Arguments.Spec(
        options: ["listen", "tls-dir", "record", "max-streams", "duration"], repeatable: ["trust-key", "trust-cert", "fault"])

    static func run(_ arguments: Arguments, terminal: Terminal) -> Int32 {
        let configuration: APNSSimulatorConfiguration
        let duration: Double?
        do {
            configuration = try makeConfiguration(arguments)
            duration = try arguments.value("duration").map { (text: String) throws(UsageError) -> Double in
                guard let seconds = Double(text), seconds > 0 else { throw UsageError("--duration \(text): give seconds") }
                return seconds
            }
        } catch {
            terminal.error("herald apns-sim: \(error)")
            return 2
        }
        let simulator: APNSSimulator
        do {
            simulator = try APNSSimulator.start(configuration)
        } catch {
            terminal.error("herald apns-sim: \(error)")
            return 2
        }
        terminal.print("herald apns-sim listening on \(simulator.url)")
        terminal.print("trust this CA: \(simulator.caFile)")
        waitForStop(duration: duration)
        simulator.stop()
        terminal.print(SimulatorStatisticsJSON.line(simulator.statistics))
        return 0
    }

    static func makeConfiguration(_ arguments: Arguments) throws -> APNSSimulatorConfiguration {
        var configuration = APNSSimulatorConfiguration()
        let listen = arguments.value("listen") ?? "127.0.0.1:2197"
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]) else {
            throw UsageError("--listen \(listen): give HOST:PORT, such as 127.0.0.1:2197")
        }
        configuration.host = String(listen[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        configuration.port = port
        configuration.tlsDirectory = arguments.value("tls-dir") ?? ".herald-apns-sim"
        configuration.trustedKeys = try arguments.values("trust-key").map { try APNSSimulatorConfiguration.TrustedKey(parsing: $0) }
        configuration.trustedCertificates = try arguments.values("trust-cert").map { file in
            guard let pem = FileManager.default.contents(atPath: file) else { throw UsageError("--trust-cert \(file): no such file") }
            return try TestCertificate.der(ofPEM: String(decoding: pem, as: UTF8.self), source: file)
        }
        configuration.recordFile = arguments.value("record")
        configuration.keptInMemory = 0
        if let text = arguments.value("max-streams") {
            guard let value = Int(text), value > 0 else { throw UsageError("--max-streams \(text): give a number above 0") }
            configuration.maxConcurrentStreams = value
        }
        configuration.faults = try arguments.values("fault").map { try SimulatorFault(parsing: $0) }
        if configuration.trustedKeys.isEmpty && configuration.trustedCertificates.isEmpty {
            throw UsageError("give --trust-key KEYID:TEAMID:FILE (or --trust-cert FILE); without one every request gets 403")
        }
        return configuration
    }

    private static func waitForStop(duration: Double?) {
        let stop = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            sources.append(source)
        }
        _ = stop.wait(timeout: duration.map { .now() + $0 } ?? .distantFuture)
        for source in sources { source.cancel() }
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
