import HeraldAPNsModel
import HeraldStore

/// One Live Activity update or end for every device subscribed to a channel, as the
/// deliverer puts it on the wire: `POST /4/broadcasts/apps/<bundle id>`.
public struct OutgoingBroadcast: Sendable, Hashable {
    /// APNs' channel id (`apns-channel-id`).
    public var apnsChannelID: String
    /// Herald's channel id (for logs and test records; not sent).
    public var channelID: String
    public var bundleID: String
    /// `apns-priority`: 10 or 5.
    public var priority: Int
    /// `apns-expiration` in seconds since 1970; `nil` leaves the header out.
    public var expiration: Double?
    /// `apns-request-id`: the same on every attempt of one delivery.
    public var requestID: String
    /// The body, with `herald.publishId`.
    public var payload: [UInt8]
    public var publishID: String
}

/// A channel operation the engine asks of APNs.
public enum ChannelRequest: Sendable, Hashable {
    /// `POST /1/apps/<bundle id>/channels`.
    case create(storagePolicy: ChannelStoragePolicy)
    /// `DELETE /1/apps/<bundle id>/channels` for APNs' channel id.
    case delete(apnsChannelID: String)
}

/// What APNs (or the transport) said about a channel operation.
public enum ChannelOutcome: Sendable, Hashable {
    /// APNs made the channel: its id.
    case created(apnsChannelID: String)
    /// APNs deleted the channel.
    case deleted
    /// APNs refused it; the engine acts on the error's class like for a delivery.
    case rejected(APNSError)
    /// The request could not be made; never retried. The text says why.
    case unsendable(String)
    /// No answer: retried with backoff.
    case transportFailure(String)
}
