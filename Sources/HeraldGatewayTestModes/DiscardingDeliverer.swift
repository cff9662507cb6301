import Foundation
import HeraldAPNsModel
import HeraldFCMModel
import HeraldGateway

/// TEST MODE (`herald serve --deliverer discard`): answers 200 to everything, sends nothing,
/// for APNs and FCM alike.
public struct DiscardingDeliverer: PushDeliverer, FCMDeliverer {
    /// A test mode sends nowhere: an app needs no credentials for it.
    public var sendsWithoutCredentials: Bool { true }

    public let latency: Double

    public init(latency: Double = 0) {
        self.latency = latency
    }

    public func deliver(_ batch: [OutgoingNotification], credentials: APNSCredentials?) async -> [DeliveryOutcome] {
        await TestModeDelivery.wait(latency: latency)
        return batch.map { .accepted(apnsID: $0.apnsID) }
    }

    public func deliver(_ batch: [OutgoingNotification], credentials: FCMCredentials?) async -> [DeliveryOutcome] {
        await deliver(batch, credentials: nil as APNSCredentials?)
    }

    /// A channel is made at once (a random base64 id) and deleted at once.
    public func manageChannel(_ request: ChannelRequest, bundleID: String, credentials: APNSCredentials?) async -> ChannelOutcome {
        TestModeDelivery.channelOutcome(request)
    }

    public func broadcast(_ broadcast: OutgoingBroadcast, credentials: APNSCredentials?) async -> DeliveryOutcome {
        await TestModeDelivery.wait(latency: latency)
        return .accepted(apnsID: broadcast.requestID)
    }
}
