import Foundation
import HeraldCore
import HeraldGateway

typealias Gateway = GatewayService

extension GatewayService {
    /// A gateway from `herald serve`'s options.
    convenience init(settings: ServeSettings) throws {
        let deliverer: any PushDeliverer
        switch settings.deliverer {
        case .apns: deliverer = APNsPushDeliverer(logger: StandardErrorLogger())
        case .record(let file): deliverer = try RecordingDeliverer(path: file, latency: settings.delivererLatency)
        case .discard: deliverer = DiscardingDeliverer(latency: settings.delivererLatency)
        }
        var policy = DeliveryPolicy()
        policy.batchSize = settings.batchSize
        policy.fanOutBatch = settings.fanOutBatch
        policy.retention = settings.retentionDays.map { Double($0) * 86_400 }
        try self.init(
            data: settings.data, listen: settings.listen, http: settings.http, durability: settings.durability, deliverer: deliverer,
            policy: policy, rateLimits: settings.rateLimits, quota: settings.quota, metricsToken: settings.metricsToken, clock: LiveClock(),
            logger: StandardErrorLogger())
    }
}

