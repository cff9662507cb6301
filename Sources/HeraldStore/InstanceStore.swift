import HeraldAPNsModel

/// The processes serving the store: leases on claimed deliveries, and hearing of
/// publishes other processes commit.
public protocol InstanceStore: AnyObject, Sendable {
    /// At start: registers this process (`instance`) and puts the deliveries no live
    /// process holds back to pending, marked in doubt (they may have reached APNs). On
    /// SQLite, every delivery in flight (one process serves a folder); on PostgreSQL,
    /// those of processes that stopped (or held no lease) and this instance id's own from
    /// an earlier run. Throws `conflict` when another live process has this instance id.
    /// How many.
    func recoverInFlight(now: Double, lease: Double) throws -> Int
    /// Every third of a lease: records that this process is alive at `now` and, when
    /// `takeOver`, puts the deliveries of processes not seen since `now - lease` back to
    /// pending, in doubt, and forgets those processes.
    func heartbeat(now: Double, lease: Double, takeOver: Bool) throws -> LeaseReport
    /// At a graceful stop: this process is gone; what it still holds is free for the others.
    func leave() throws
    /// Which process this store's claims are made for.
    var instance: GatewayInstance { get }
    /// Calls `wake`, on a thread of its own, when another process commits a publish to the
    /// same store, until the watch is stopped; nil for a store no other process serves
    /// (SQLite's data folder).
    func watchPublishes(_ wake: @escaping @Sendable () -> Void) throws -> (any PublishWatch)?
}

extension InstanceStore {
    /// No other process to hear from.
    public func watchPublishes(_ wake: @escaping @Sendable () -> Void) throws -> (any PublishWatch)? { nil }
}
