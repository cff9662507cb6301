import HeraldHTTP
import HeraldShared
import HeraldStore

/// Broadcast channels of an app's Live Activities (server key). The API commits what to
/// do and answers 202; the delivery engine makes and deletes the channels at APNs.
extension GatewayAPI {
    /// POST /v1/apps/{app}/channels `{"environment", "storagePolicy"}`: 202 with the channel,
    /// `creating`; 409 past `ChannelRecord.perAppLimit`.
    func createChannel(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["environment", "storagePolicy"])
        let environment = try FieldRules.environment(try reader.string("environment"), "environment") ?? .production
        var policy = ChannelStoragePolicy.none
        if let name = try reader.string("storagePolicy") {
            guard let named = ChannelStoragePolicy(rawValue: name) else {
                throw ValidationError(
                    "storagePolicy",
                    "\"\(name.prefix(40))\" is not none or mostRecent (whether APNs keeps the latest message for devices that subscribe later)"
                )
            }
            policy = named
        }
        let channel = try store.createChannel(appID: context.appID, environment: environment, storagePolicy: policy, now: now())
        onPublish()
        return .json(202, Self.json(channel))
    }

    /// GET /v1/apps/{app}/channels?limit=N&after=ID: a page of the app's channels that are
    /// not deleted, oldest first, from the one after channel `after`; `next` is the `after`
    /// of the next page (null on the last).
    func listChannels(_ context: Context) throws -> HTTPResponse {
        let query = context.request.queryItems
        let limit = try Self.limit(query, default: 50, max: 200)
        let after = query["after"]
        if let after {
            try FieldRules.identifier(after, "after")
            guard try store.channel(appID: context.appID, id: after) != nil else {
                throw ValidationError("after", "names no channel of app \(context.appID); give the next of the previous page")
            }
        }
        let channels = try store.channels(appID: context.appID, after: after, limit: limit + 1)
        let page = channels.prefix(limit)
        let next: JSONValue = channels.count > limit ? .string(page.last?.id ?? "") : .null
        return .json(200, ["channels": .array(page.map { Self.json($0) }), "next": next])
    }

    /// GET /v1/apps/{app}/channels/{id}.
    func getChannel(_ context: Context) throws -> HTTPResponse {
        let id = try Self.channelID(context)
        guard let channel = try store.channel(appID: context.appID, id: id) else { throw Self.noChannel(id, context.appID) }
        return .json(200, Self.json(channel))
    }

    /// DELETE /v1/apps/{app}/channels/{id}: 202 with the channel, `deleting` (or `deleted`
    /// at once when APNs never made it); the engine deletes it at APNs.
    func deleteChannel(_ context: Context) throws -> HTTPResponse {
        let id = try Self.channelID(context)
        guard let channel = try store.deleteChannel(appID: context.appID, id: id, now: now()) else {
            throw Self.noChannel(id, context.appID)
        }
        onPublish()
        return .json(202, Self.json(channel))
    }

    /// A publish to a channel needs one that is active or being made.
    func checkChannelTarget(_ target: PublishTarget, appID: String) throws {
        guard case .channels(let ids) = target else { return }
        for id in ids {
            guard let channel = try store.channel(appID: appID, id: id) else { throw Self.noChannel(id, appID) }
            switch channel.state {
            case .creating, .active: continue
            case .deleting, .deleted: throw APIError(409, "channel_deleted", "channel \(id) is deleted; make a new one with POST /channels")
            case .failed:
                throw APIError(
                    409, "channel_failed",
                    "APNs did not make channel \(id) (\(channel.failureReason ?? "unknown")); fix the cause, delete it and make a new one")
            }
        }
    }

    private static func channelID(_ context: Context) throws(ValidationError) -> String {
        let text = context.parameters["channel"] ?? ""
        try FieldRules.identifier(text, "channel")
        return text
    }

    static func noChannel(_ id: String, _ app: String) -> APIError { .notFound("no channel \(id) in app \(app)") }

    static func json(_ channel: ChannelRecord) -> JSONValue {
        [
            "channelId": .string(channel.id), "environment": .string(channel.environment.rawValue),
            "storagePolicy": .string(channel.storagePolicy.rawValue), "state": .string(channel.state.rawValue),
            "apnsChannelId": channel.apnsChannelID.map(JSONValue.string) ?? .null,
            "failureReason": channel.failureReason.map(JSONValue.string) ?? .null,
            "createdAt": .double(channel.createdAt), "updatedAt": .double(channel.updatedAt),
        ]
    }
}
