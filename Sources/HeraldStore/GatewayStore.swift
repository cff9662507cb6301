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
public protocol GatewayStore: AppStore, DeviceStore, LiveActivityStore, PublishStore, EventStore, InstanceStore, InboxStore {}

/// A running `watchPublishes`.
public protocol PublishWatch: AnyObject, Sendable {
    /// Stops it; `wake` is not called after this returns.
    func stop()
}

/// What one fan-out step did.
public struct FanOutProgress: Sendable, Hashable {
    public var publishID: String
    public var appID: String
    /// Deliveries created in this step.
    public var created: Int
    /// The fan-out of this publish is complete.
    public var finished: Bool
}
