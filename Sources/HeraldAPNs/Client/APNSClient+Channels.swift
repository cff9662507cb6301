import HeraldAPNsModel
import HeraldH2Client
import HeraldShared

/// Broadcast push notifications: the channel management API (on the endpoint's
/// `channelBaseURL`) and sending one notification to a channel (on `baseURL`).
///
/// ```swift
/// let channel = try await client.createChannel(bundleID: "com.example.app", storagePolicy: .noMessageStored)
/// let request = try APNSBroadcastRequest(channelID: channel.id, payload: update, bundleID: "com.example.app")
/// _ = try await client.broadcast(request)
/// try await client.deleteChannel(channel.id, bundleID: "com.example.app")
/// ```
///
/// Every call renews an expired token and retries like `send(_:)`, and throws
/// `APNSError` with APNs' reason (`ChannelNotRegistered`, `CannotCreateChannelConfig`, ...).
extension APNSClient {
    /// Makes a channel for the app's Live Activities: `POST /1/apps/<bundle id>/channels`.
    public func createChannel(bundleID: String, storagePolicy: APNSMessageStoragePolicy) async throws -> APNSChannel {
        let app = try APNSBroadcastRequest.checkBundleID(bundleID)
        let answer = try await exchange(.post, channelsPath(app), body: APNSChannel.createBody(storagePolicy), label: "new channel")
        guard let id = answer.channelID, !id.isEmpty else {
            throw APNSError(status: answer.status, reason: .unknown("no apns-channel-id in the answer to a channel creation"))
        }
        return APNSChannel(id: id, storagePolicy: storagePolicy)
    }

    /// Reads one channel: `GET /1/apps/<bundle id>/channels` with `apns-channel-id`.
    public func channel(_ id: String, bundleID: String) async throws -> APNSChannel {
        let app = try APNSBroadcastRequest.checkBundleID(bundleID)
        let channelID = try APNSChannel.checkID(id)
        let answer = try await exchange(.get, channelsPath(app), fields: [("apns-channel-id", channelID)], label: channelID)
        let body = try? JSONParser().parse(answer.body)
        guard let policy = body?["message-storage-policy"]?.intValue else {
            throw APNSError(status: answer.status, reason: .unknown("no message-storage-policy in the channel's description"))
        }
        return APNSChannel(id: channelID, storagePolicy: APNSMessageStoragePolicy(rawValue: policy))
    }

    /// The ids of every channel of the app: `GET /1/apps/<bundle id>/all-channels`.
    public func channelIDs(bundleID: String) async throws -> [String] {
        let app = try APNSBroadcastRequest.checkBundleID(bundleID)
        let answer = try await exchange(.get, "/1/apps/" + app + "/all-channels", label: "all channels")
        guard let ids = (try? JSONParser().parse(answer.body))?["channels"]?.arrayValue else {
            throw APNSError(status: answer.status, reason: .unknown("no channels array in the answer"))
        }
        return ids.compactMap(\.stringValue)
    }

    /// Deletes a channel: `DELETE /1/apps/<bundle id>/channels` with `apns-channel-id`.
    public func deleteChannel(_ id: String, bundleID: String) async throws {
        let app = try APNSBroadcastRequest.checkBundleID(bundleID)
        let channelID = try APNSChannel.checkID(id)
        _ = try await exchange(.delete, channelsPath(app), fields: [("apns-channel-id", channelID)], label: channelID)
    }

    /// Sends one notification to every device subscribed to the request's channel.
    /// The response's `apnsID` is the `apns-request-id` APNs answered with.
    public func broadcast(_ request: APNSBroadcastRequest) async throws -> APNSResponse {
        try enter()
        defer { leave() }
        let answer = try await deliver(
            APNSWireRequest(request: H2Request(path: request.path, fields: request.headers, body: request.payload), label: request.channelID))
        return APNSResponse(apnsID: answer.requestID ?? answer.apnsID ?? request.requestID ?? "", uniqueID: answer.uniqueID, status: answer.status)
    }

    private func channelsPath(_ bundleID: String) -> String { "/1/apps/" + bundleID + "/channels" }

    /// One channel management request on `channelBaseURL`.
    private func exchange(
        _ method: TransportMethod, _ path: String, fields: [(name: String, value: String)] = [], body: [UInt8] = [], label: String
    ) async throws -> TransportAnswer {
        try enter()
        defer { leave() }
        guard let channels else {
            let url = configuration.endpoint.channelBaseURL + path
            throw APNSTransportError(.http2, "\(url) is not an https://host[:port]/path URL")
        }
        let request = H2Request(method: method, route: channels, path: path, fields: fields, body: body)
        return try await deliver(APNSWireRequest(request: request, label: label))
    }
}
