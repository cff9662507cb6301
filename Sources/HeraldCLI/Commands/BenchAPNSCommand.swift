import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore

/// `herald bench-apns`: sends N notifications as fast as the client can (for make bench-apns).
enum BenchAPNSCommand: Command {
    static let name = "bench-apns"
    static let summary = "Measure notifications sent per second to an APNs endpoint (for make bench-apns)"
    static let help = """
        Usage: herald bench-apns --endpoint URL --ca FILE --auth-key AuthKey.p8 --key-id KEYID
                                 --team-id TEAMID --topic BUNDLE_ID [--count N] [--connections C]
                                 [--streams S]

        Sends N alert notifications to N different tokens through one client (C connections,
        S streams each) with the batch API and prints one JSON line: count, accepted,
        seconds, rate, and cpuSeconds (user and system time of this process while the
        batch ran). Meant for herald apns-sim or a local server; never point it at Apple.

        Options:
        \(OptionHelp.lines(spec.allOptions))
        """
    static let count = Option.integer("count", "N", in: 1...Int.max, default: 100_000, "notifications")
    static let connections = Option.integer("connections", "C", in: 1...Int.max, default: 1, "HTTP/2 connections")
    static let streams = Option.integer("streams", "S", in: 1...Int.max, default: 100, "streams in flight per connection")
    static let spec = Arguments.Spec(APNSOptions.all + [count.descriptor, connections.descriptor, streams.descriptor])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        var configuration: APNSClientConfiguration
        let count: Int
        let requests: [APNSRequest]
        do {
            configuration = try APNSOptions.configuration(arguments)
            guard configuration.endpoint != .production && configuration.endpoint != .sandbox else { throw UsageError("bench-apns sends to --endpoint only (herald apns-sim), never to Apple") }
            count = arguments[Self.count]
            configuration.connections = arguments[Self.connections]
            configuration.maxConcurrentStreams = arguments[Self.streams]
            configuration.retry = .none
            let topic = try arguments.required(APNSOptions.topic)
            requests = try (0..<count).map { n in
                try APNSRequest(
                    deviceToken: String(format: "%064x", n + 1), payload: .object(["aps": .object(["alert": .string("Benchmark \(n)")])]),
                    bundleID: topic)
            }
        } catch {
            return fail("\(error)", terminal)
        }
        return await BenchMeasurement.run(
            APNSClient.self, configuration, command: name, count: count, connections: configuration.connections,
            streams: configuration.maxConcurrentStreams, terminal: terminal, warm: { client in _ = try? await client.send(requests[0]) },
            batch: { client in await client.send(batch: requests) })
    }
}
