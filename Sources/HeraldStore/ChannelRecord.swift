import HeraldShared

/// A broadcast channel of an app's Live Activities, as the gateway keeps it: made and
/// deleted at APNs by the delivery engine (`creating`, `deleting`), so the API answers
/// without waiting on APNs. Publishes to it go out as broadcasts once it is `active`.
public struct ChannelRecord: Sendable, Hashable {
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Committed; the engine has yet to make it at APNs.
        case creating
        /// APNs made it (`apnsChannelID`): publishes to it are broadcast.
        case active
        /// Being deleted at APNs.
        case deleting
        /// Gone (deleted at APNs, or never made there).
        case deleted
        /// APNs refused it (`failureReason`), or retries ran out.
        case failed
    }

    /// Herald's id: `ch_` and 32 hex digits.
    public var id: String
    public var appID: String
    public var environment: APNsEnvironment
    public var storagePolicy: ChannelStoragePolicy
    /// APNs' id (base64), once APNs made the channel.
    public var apnsChannelID: String?
    public var state: State = .creating
    public var failureReason: String?
    public var createdAt: Double
    public var updatedAt: Double
    /// Attempts of the pending operation (create or delete) so far.
    public var attempts: Int = 0

    /// The prefix of Herald's channel ids; a delivery whose token has it is a broadcast.
    public static let idPrefix = "ch_"

    /// Whether a delivery token names a channel rather than a device (device tokens are hex).
    public static func isChannelID(_ token: String) -> Bool { token.hasPrefix(idPrefix) }

    /// Channels per app and environment that are not deleted, as APNs allows.
    public static let perAppLimit = 10_000

    static func limitExceeded(_ appID: String, _ environment: APNsEnvironment, limit: Int = perAppLimit) -> StoreError {
        StoreError(
            .limitExceeded,
            "app \(appID) has \(limit) channels in \(environment.rawValue), the most APNs allows; delete channels it no longer uses first")
    }

    /// The columns every read of a channel selects, in `init(columns:)`'s order.
    static let columns =
        "id, app_id, environment, storage_policy, apns_channel_id, state, failure_reason, created_at, updated_at, attempts"
}

/// What APNs keeps of a channel's messages for devices that subscribe later (APNs'
/// `message-storage-policy`): nothing (`none`, 0) or the most recent one (`mostRecent`, 1).
public enum ChannelStoragePolicy: String, Sendable, Hashable, CaseIterable {
    case none
    case mostRecent
}

/// What became of a channel operation (create or delete) at APNs, as the engine records it.
public enum ChannelOperationResult: Sendable, Hashable {
    /// APNs made the channel: its id.
    case created(apnsChannelID: String)
    /// APNs deleted it (or no longer knows it).
    case deleted
    /// Try again at `retryAt` (transport failure, 5xx, 429).
    case retry(reason: String, retryAt: Double)
    /// Given up: a permanent refusal, or retries exhausted.
    case failed(reason: String)
}
