import Foundation
import HeraldCore
import HeraldGateway

/// The APNs deliverer `herald serve` uses by default. HeraldAPNs sets this when it is
/// linked in (see docs/gateway.md, "Wiring HeraldAPNs"); until then `--deliverer apns`
/// refuses to start rather than accept publishes it cannot send.
nonisolated(unsafe) var makeAPNsDeliverer: (@Sendable () throws -> any PushDeliverer)?

typealias Gateway = GatewayService

extension GatewayService {
    /// A gateway from `herald serve`'s options.
    convenience init(settings: ServeSettings) throws {
        let deliverer: any PushDeliverer
        switch settings.deliverer {
        case .apns:
            guard let make = makeAPNsDeliverer else {
                throw UsageError(
                    "this build has no APNs client yet (HeraldAPNs is not linked in); for tests run with --deliverer record:FILE or --deliverer discard"
                )
            }
            deliverer = try make()
        case .record(let file): deliverer = try RecordingDeliverer(path: file, latency: settings.delivererLatency)
        case .discard: deliverer = DiscardingDeliverer(latency: settings.delivererLatency)
        }
        var policy = DeliveryPolicy()
        policy.batchSize = settings.batchSize
        policy.fanOutBatch = settings.fanOutBatch
        try self.init(
            data: settings.data, listen: settings.listen, http: settings.http, durability: settings.durability, deliverer: deliverer,
            policy: policy,
            clock: LiveClock(), logger: StandardErrorLogger())
    }
}

/// Warnings and errors to standard error, one line each.
struct StandardErrorLogger: HeraldLogger {
    func log(_ level: LogLevel, _ message: String) {
        guard level >= .warning else { return }
        FileHandle.standardError.write(Data("\(level.rawValue): \(message)\n".utf8))
    }
}
