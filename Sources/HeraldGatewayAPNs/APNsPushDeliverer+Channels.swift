import HeraldAPNs
import HeraldAPNsModel
import HeraldGateway
import HeraldShared
import HeraldStore

/// Broadcast channels over the same per-credentials `APNSClient`s as deliveries: channel
/// management on the environment's channel endpoint, broadcasts on its push endpoint.
extension APNsPushDeliverer {
    public func manageChannel(_ request: ChannelRequest, bundleID: String, credentials: APNSCredentials?) async -> ChannelOutcome {
        guard let credentials else { return .rejected(APNSError(status: 403, reason: .missingProviderToken)) }
        let client: APNSClient
        do {
            client = try await self.client(for: credentials)
        } catch {
            return .transportFailure("APNs client: \(error)")
        }
        do {
            switch request {
            case .create(let policy):
                let channel = try await client.createChannel(bundleID: bundleID, storagePolicy: Self.apnsPolicy(policy))
                return .created(apnsChannelID: channel.id)
            case .delete(let apnsChannelID):
                try await client.deleteChannel(apnsChannelID, bundleID: bundleID)
                return .deleted
            }
        } catch let error as APNSError {
            return .rejected(error)
        } catch let error as APNSRequestError {
            return .unsendable("\(error)")
        } catch {
            return .transportFailure("\(error)")
        }
    }

    public func broadcast(_ broadcast: OutgoingBroadcast, credentials: APNSCredentials?) async -> DeliveryOutcome {
        guard let credentials else { return .rejected(APNSError(status: 403, reason: .missingProviderToken)) }
        let request: APNSBroadcastRequest
        do {
            request = try APNSBroadcastRequest(
                channelID: broadcast.apnsChannelID, payload: try JSONParser().parse(broadcast.payload), bundleID: broadcast.bundleID,
                priority: APNSPriority(rawValue: broadcast.priority), expiration: broadcast.expiration.map { Int($0) },
                requestID: broadcast.requestID)
        } catch {
            return .unsendable("\(error)")
        }
        let client: APNSClient
        do {
            client = try await self.client(for: credentials)
        } catch {
            return .transportFailure("APNs client: \(error)")
        }
        do {
            return .accepted(apnsID: try await client.broadcast(request).apnsID)
        } catch {
            return Self.outcome(.failure(error))
        }
    }

    static func apnsPolicy(_ policy: ChannelStoragePolicy) -> APNSMessageStoragePolicy {
        switch policy {
        case .none: .noMessageStored
        case .mostRecent: .mostRecentMessageStored
        }
    }
}
