import Foundation
import HeraldFCM
import HeraldFCMModel
import HeraldShared

/// `herald bench-fcm`: sends N messages as fast as the client can (for make bench-fcm).
enum BenchFCMCommand: Command {
    static let name = "bench-fcm"
    static let summary = "Measure messages sent per second to an FCM endpoint (for make bench-fcm)"
    static let help = """
        Usage: herald bench-fcm --service-account FILE --fcm-endpoint URL --fcm-ca FILE
                                [--count N] [--connections C] [--streams S]

        Sends N notification messages to N different registration tokens through one client
        (C connections, S streams each) with the batch API and prints one JSON line: count,
        accepted, seconds, rate, and cpuSeconds (user and system time of this process while
        the batch ran). Meant for herald fcm-sim; never point it at Google.

        Options:
        \(OptionHelp.lines(spec.allOptions))
        """
    static let count = Option.integer("count", "N", in: 1...Int.max, default: 100_000, "messages")
    static let connections = Option.integer("connections", "C", in: 1...64, default: 1, "HTTP/2 connections")
    static let streams = Option.integer("streams", "S", in: 1...10_000, default: 100, "streams in flight per connection")
    static let spec = Arguments.Spec(
        [
            FCMOptions.serviceAccount.descriptor, FCMOptions.endpoint.descriptor, FCMOptions.ca.descriptor, count.descriptor,
            connections.descriptor, streams.descriptor,
        ])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        var configuration: FCMClientConfiguration
        let count = arguments[Self.count]
        do {
            configuration = try FCMOptions.configuration(arguments)
            guard arguments[FCMOptions.endpoint] != nil else {
                throw UsageError("bench-fcm sends to --fcm-endpoint only (herald fcm-sim), never to Google")
            }
            configuration.connections = arguments[Self.connections]
            configuration.maxConcurrentStreams = arguments[Self.streams]
            configuration.maxRetries = 0
        } catch {
            return fail("\(error)", terminal)
        }
        let messages = (0..<count).map { n in
            FCMMessage(
                token: "bench-\(n + 1)", notification: FCMNotification(title: "Benchmark", body: "Message \(n)"), data: ["n": String(n)])
        }
        return await BenchMeasurement.run(
            FCMClient.self, configuration, command: name, count: count, connections: configuration.connections,
            streams: configuration.maxConcurrentStreams, terminal: terminal, warm: { client in _ = try? await client.send(messages[0]) },
            batch: { client in await client.send(batch: messages) })
    }
}
