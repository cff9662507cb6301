import Foundation
import HeraldAPNsModel
import HeraldGateway

/// TEST MODE (`herald serve --deliverer discard`): answers 200 to everything, sends nothing.
public struct DiscardingDeliverer: PushDeliverer {
    public let latency: Double

    public init(latency: Double = 0) {
        self.latency = latency
    }

    public func deliver(_ batch: [OutgoingNotification], credentials: APNSCredentials?) async -> [DeliveryOutcome] {
        if latency > 0 { try? await Task.sleep(nanoseconds: UInt64(latency * 1e9)) }
        return batch.map { .accepted(apnsID: $0.apnsID) }
    }

    /// A channel is made at once (a random base64 id) and deleted at once.
    public func manageChannel(_ request: ChannelRequest, bundleID: String, credentials: APNSCredentials?) async -> ChannelOutcome {
        switch request {
        case .create: .created(apnsChannelID: Data(UUID().uuidString.utf8).base64EncodedString())
        case .delete: .deleted
        }
    }

    public func broadcast(_ broadcast: OutgoingBroadcast, credentials: APNSCredentials?) async -> DeliveryOutcome {
        if latency > 0 { try? await Task.sleep(nanoseconds: UInt64(latency * 1e9)) }
        return .accepted(apnsID: broadcast.requestID)
    }
}
