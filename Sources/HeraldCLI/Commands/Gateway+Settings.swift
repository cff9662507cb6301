import Foundation
import HeraldCore
import HeraldGateway
import HeraldGatewayAPNs
import HeraldGatewayFCM
import HeraldGatewayTestModes
import HeraldGatewayWebhooks
import HeraldStore

typealias Gateway = GatewayService

extension GatewayService {
    /// A gateway from `herald serve`'s options.
    convenience init(settings: ServeSettings) throws {
        // One deliverer per push service; the test modes serve both alike.
        let (deliverer, fcmDeliverer): (any PushDeliverer, any FCMDeliverer)
        switch settings.deliverer {
        case .apns: (deliverer, fcmDeliverer) = (APNsPushDeliverer(logger: StandardErrorLogger()), FCMPushDeliverer(logger: StandardErrorLogger()))
        case .record(let file):
            let recording = try RecordingDeliverer(path: file, latency: settings.delivererLatency)
            (deliverer, fcmDeliverer) = (recording, recording)
        case .discard:
            let discarding = DiscardingDeliverer(latency: settings.delivererLatency)
            (deliverer, fcmDeliverer) = (discarding, discarding)
        }
        var policy = DeliveryPolicy()
        policy.batchSize = settings.batchSize
        policy.fanOutBatch = settings.fanOutBatch
        policy.retention = settings.retentionDays.map { Double($0) * 86_400 }
        policy.lease = settings.lease
        // A connection for each handler thread, the workers, the health probe and one to spare.
        let store = try settings.store.open(
            durability: settings.durability, connections: settings.http.handlerThreads + 3, timeout: settings.storeTimeout,
            instance: .current(id: settings.instanceID))
        try self.init(
            store: store, listen: settings.listen, http: settings.http, deliverer: deliverer, fcmDeliverer: fcmDeliverer,
            policy: policy, rateLimits: settings.rateLimits, quota: settings.quota, metricsToken: settings.metricsToken,
            clock: LiveServerClock(),
            logger: StandardErrorLogger(), console: settings.console, webhookPolicy: settings.webhooks,
            webhookTransport: try CurlWebhookTransport(policy: settings.webhooks.addresses))
    }
}
