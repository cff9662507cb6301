import HeraldAPNs
import HeraldAPNsModel
import HeraldGateway
import HeraldShared
import HeraldStore

/// Broadcast channels over the same per-credentials `APNSClient`s as deliveries: channel
/// management on the environment's channel endpoint, broadcasts on its push endpoint.
extension APNsPushDeliverer {
    public func manageChannel(_ request: ChannelRequest, bundleID: String, credentials: APNSCredentials?) async -> ChannelOutcome {
        await withClient(credentials, make: { request }) { client, request in
            do {
                switch request {
                case .create(let policy):
                    let channel = try await client.createChannel(bundleID: bundleID, storagePolicy: Self.apnsPolicy(policy))
                    return .created(apnsChannelID: channel.id)
                case .delete(let apnsChannelID):
                    try await client.deleteChannel(apnsChannelID, bundleID: bundleID)
                    return .deleted
                }
            } catch {
                return .failure(error)
            }
        }
    }

    public func broadcast(_ broadcast: OutgoingBroadcast, credentials: APNSCredentials?) async -> DeliveryOutcome {
        await withClient(
            credentials,
            make: {
                try APNSBroadcastRequest(
                    channelID: broadcast.apnsChannelID, payload: try JSONParser().parse(broadcast.payload), bundleID: broadcast.bundleID,
                    priority: APNSPriority(rawValue: broadcast.priority), expiration: broadcast.expiration.map { Int($0) },
                    requestID: broadcast.requestID)
            }
        ) { client, request in
            do {
                return .accepted(apnsID: try await client.broadcast(request).apnsID)
            } catch {
                return .failure(error)
            }
        }
    }

    /// What a channel request or a broadcast goes through, in this order: without
    /// credentials APNs' own refusal; a request `make` cannot make is unsendable; a client
    /// that cannot be made is a transport failure; otherwise what `send` answers.
    private func withClient<Outcome: APNsFailureOutcome, Request>(
        _ credentials: APNSCredentials?, make: () throws -> Request, _ send: (APNSClient, Request) async -> Outcome
    ) async -> Outcome {
        guard let credentials else { return .noCredentials }
        let request: Request
        do {
            request = try make()
        } catch {
            return .unsendable("\(error)")
        }
        let client: APNSClient
        do {
            client = try await self.client(for: credentials)
        } catch {
            return .clientFailure(error)
        }
        return await send(client, request)
    }

    static func apnsPolicy(_ policy: ChannelStoragePolicy) -> APNSMessageStoragePolicy {
        switch policy {
        case .none: .noMessageStored
        case .mostRecent: .mostRecentMessageStored
        }
    }
}
