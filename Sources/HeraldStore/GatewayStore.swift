import HeraldAPNsModel
import HeraldShared

/// Everything the gateway keeps: apps, devices, publishes, deliveries and events.
///
/// Every method is one transaction: when it returns, its change is durable (a publish
/// is committed before its 202). Errors are `StoreError`s. `SQLiteStore` is the
/// embedded implementation (one process at a time serves it); `PostgresStore` the shared
/// one (any number of processes on one database). Both pass the same tests.
///
/// Split by aggregate: `AppStore`, `DeviceStore`, `LiveActivityStore`, `PublishStore`,
/// `EventStore`, `InstanceStore` and `InboxStore`; a part of the gateway that needs one of them can ask
/// for that one only.
public protocol GatewayStore: AppStore, DeviceStore, LiveActivityStore, PublishStore, EventStore, InstanceStore, InboxStore, EventLogStore, WebhookStore, TeamStore, AccountStore, ExplainStore,
    RoutePauseStore {}

/// A running `watchPublishes`.
public protocol PublishWatch: AnyObject, Sendable {
    /// Stops it; `wake` is not called after this returns.
    func stop()
}

/// A fan-out step that failed, with the publish it was fanning out: the delivery engine
/// counts such failures per publish and stops a fan-out that keeps failing
/// (`PublishStore.stopFanOut`) instead of trying it for ever.
public struct FanOutStepError: Error, Sendable, CustomStringConvertible {
    public var publishID: String
    public var appID: String
    /// Whether the publish is narrowed by a filter (the likeliest reason a step runs long).
    public var filtered: Bool
    /// The store's error.
    public var underlying: StoreError

    public var description: String { "the fan-out of publish \(publishID) failed: \(underlying.message)" }
}

/// What one fan-out step did.
public struct FanOutProgress: Sendable, Hashable {
    public var publishID: String
    public var appID: String
    /// Deliveries created in this step.
    public var created: Int
    /// The fan-out of this publish is complete.
    public var finished: Bool
    /// The deliveries this step made already in flight (`FanOutClaim`), to be sent now;
    /// those a frequency cap held back come back `capped`, already final.
    public var claimed: [DeliveryJob] = []
}

/// What a fan-out step may claim as it makes deliveries: a caller that has room to send
/// asks for the page it makes to be inserted already in flight under its lease and
/// handed back (`FanOutProgress.claimed`), instead of inserted waiting and then claimed
/// by a second statement that writes every row again. Claimed deliveries are in flight
/// exactly as `claimDeliveries` leaves them (attempt counted, lease held, in doubt after
/// a crash), so nothing changes for recovery.
///
/// Only a publish whose deliveries would be claimed at once anyway is fanned out this way:
/// one due now (not at local times), of paged devices (interests, users, the app), of an
/// app without a rate limit, not in `excludedApps`, and with no due delivery already
/// waiting (those go first). For such a publish a step with no room (`limit` 0) makes
/// nothing: the fan-out keeps pace with the sending instead of writing rows that wait.
/// Where other gateways share the database, a step also writes the rest of its budget
/// waiting, for any of them to claim: fan-out steps of one publish take turns on its row,
/// and steps of only what one gateway has room for would leave the others idle meanwhile.
/// Every other publish fans out as without a claim.
public struct FanOutClaim: Sendable, Hashable {
    /// The most deliveries to claim (0: no room now).
    public var limit: Int
    /// Apps whose deliveries are held back (a route paused): never claimed on fan-out.
    public var excludedApps: Set<String>

    public init(limit: Int, excludedApps: Set<String> = []) {
        self.limit = max(0, limit)
        self.excludedApps = excludedApps
    }
}
