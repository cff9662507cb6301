import HeraldAPNsModel
import HeraldShared

/// Everything the gateway keeps: apps, devices, publishes, deliveries and events.
///
/// Every method is one transaction: when it returns, its change is durable (a publish
/// is committed before its 202). Errors are `StoreError`s. `SQLiteStore` is the
/// embedded implementation (one process at a time serves it); `PostgresStore` the shared
/// one (any number of processes on one database). Both pass the same tests.
public protocol GatewayStore: AnyObject, Sendable {
    // MARK: Apps
    func createApp(_ app: AppRecord) throws
    /// The app, with its APNs credentials when `includingCredentials` (else `credentials`
    /// is empty: authorizing a request reads the keys only, in the same one query whether
    /// the app exists or not, so the time of a 401 does not tell a known app id).
    func app(id: String, includingCredentials: Bool) throws -> AppRecord?
    func apps() throws -> [AppRecord]
    /// Replaces the hash of the server key, the client key, and the user-token secret (each
    /// when given); `false` when no such app.
    func updateKeys(appID: String, server: String?, client: String?, userTokenSecret: String?) throws -> Bool
    /// Turns the grace period for keyless devices on or off; `false` when no such app.
    func setLegacyDeviceAccess(appID: String, _ enabled: Bool) throws -> Bool
    /// Adds or replaces the credentials for one environment; `false` when no such app.
    func setCredentials(appID: String, _ credentials: APNSCredentials) throws -> Bool

    // MARK: Devices
    /// Registers a token, or updates the device that already has it (same id,
    /// `created` false), and gives it the registration's new key unless the caller
    /// presented the key it has. Throws `limitExceeded` past 100 devices per user, and
    /// `quotaExceeded` (storing nothing) when it would take the app past `quota`.
    func registerDevice(appID: String, _ registration: DeviceRegistration, quota: DeviceQuota, now: Double) throws -> RegisteredDevice
    /// Registers many devices in one transaction (an import from another provider, a
    /// benchmark): all or none. How many were new.
    func importDevices(appID: String, _ registrations: [DeviceRegistration], quota: DeviceQuota, now: Double) throws -> Int
    /// How many devices and interest subscriptions the app has (the counts its quota is
    /// checked against; (0, 0) for no such app).
    func usage(appID: String) throws -> (devices: Int, subscriptions: Int)
    func device(appID: String, id: String) throws -> DeviceRecord?
    /// The id of the app's device whose key hashes to `keyHash`.
    func deviceID(appID: String, keyHash: String) throws -> String?
    func deviceKeyState(appID: String, id: String) throws -> DeviceKeyState
    /// How many of the app's devices have no device key yet.
    func keylessDeviceCount(appID: String) throws -> Int
    /// `false` when no such device; `quotaExceeded` (changing nothing) past `quota`.
    func setInterests(appID: String, deviceID: String, _ interests: [String], quota: DeviceQuota, now: Double) throws -> Bool
    func setUser(appID: String, deviceID: String, _ userID: String?, now: Double) throws -> Bool
    func deleteDevice(appID: String, deviceID: String) throws -> Bool

    // MARK: Live Activities
    /// Sets the device's push-to-start token for `activityType` (a new one replaces the
    /// old); `false` when no such device. `limitExceeded` past `ActivityLimits.pushToStartTypes`.
    func setPushToStartToken(appID: String, deviceID: String, activityType: String, token: String, now: Double) throws -> Bool
    /// Records an activity the device runs, or its rotated token; `nil` when no such device.
    /// `conflict` when the activity ended or has another type; `limitExceeded` past
    /// `ActivityLimits.runningActivities` activities that have not ended.
    func setActivityToken(appID: String, deviceID: String, activityID: String, activityType: String, token: String, now: Double)
        throws -> ActivityTokenChange?
    /// Marks the activity ended (the first end is kept); `nil` when no such device or activity.
    func endActivity(appID: String, deviceID: String, activityID: String, now: Double) throws -> ActivityRecord?
    /// The device's push-to-start tokens and activities; `nil` when no such device.
    func activities(appID: String, deviceID: String) throws -> DeviceActivities?

    // MARK: Channels
    /// Commits a new channel (`creating`: the engine makes it at APNs). `limitExceeded` past
    /// `ChannelRecord.perAppLimit` channels that are not deleted.
    func createChannel(appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double) throws
        -> ChannelRecord
    func channel(appID: String, id: String) throws -> ChannelRecord?
    /// Up to `limit` of the app's channels that are not deleted, oldest first, from the one
    /// made after channel `after` (deleted or not; from the first when nil).
    func channels(appID: String, after: String?, limit: Int) throws -> [ChannelRecord]
    /// Marks the channel `deleting` (the engine deletes it at APNs), or `deleted` at once
    /// when APNs never made it; a deleted or deleting one is returned as it is. `nil` when
    /// no such channel.
    func deleteChannel(appID: String, id: String, now: Double) throws -> ChannelRecord?
    /// Claims up to `limit` channels whose operation (create or delete) is due at `now`:
    /// their attempts count one more, and no process claims them again before `now + hold`.
    func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord]
    /// Records what APNs said about a claimed channel operation.
    func completeChannelOperation(appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws

    // MARK: Publishes
    /// Commits a publish, or returns the one with the same idempotency key (`created` false).
    func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool)
    func publish(appID: String, id: String) throws -> PublishRecord?
    /// Cancels a scheduled or queued publish; `conflict` once it is sending or done.
    func cancelPublish(appID: String, id: String, now: Double) throws -> PublishRecord
    /// Receipts count only from devices the publish was sent to and APNs accepted; one
    /// whose delivery is still pending or in flight is kept and counted if APNs accepts.
    /// A counted receipt counts no earlier than its delivery was sent. Throws, storing
    /// nothing of the request, `limitExceeded` past `DeviceQuota.actionsPerDelivery` and
    /// `quotaExceeded` past the app's `quota.eventsPerApp`.
    func recordEvents(appID: String, _ events: [DeviceEvent], quota: DeviceQuota) throws -> EventTally
    /// How many receipts the app stores (the count its events quota is checked against; 0
    /// for no such app).
    func eventCount(appID: String) throws -> Int

    // MARK: Workers
    /// Moves scheduled publishes whose time has come to queued; how many.
    func promoteDuePublishes(now: Double) throws -> Int
    /// Creates up to `limit` deliveries for the oldest publish being fanned out;
    /// `nil` when no publish needs fan-out.
    func fanOutStep(limit: Int, now: Double) throws -> FanOutProgress?
    /// Apps with deliveries due at `now`.
    func appsWithDueDeliveries(now: Double) throws -> [String]
    /// Marks up to `limit` due deliveries of `appID` in flight and returns them, leaving
    /// those for the `excluding` environments (paused) where they are.
    func claimDeliveries(appID: String, now: Double, limit: Int, excluding: Set<APNsEnvironment>) throws -> [DeliveryJob]
    /// Records outcomes of claimed deliveries and updates their publishes' statistics.
    func completeDeliveries(_ results: [DeliveryResult], now: Double) throws
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
    /// The earliest time something becomes due (a scheduled publish, a retry).
    func nextDueTime() throws -> Double?

    // MARK: The console's reads
    /// The app's latest publishes, newest first (one statement, whatever the limit).
    func publishes(appID: String, limit: Int) throws -> [PublishRecord]
    /// The app's devices that match, oldest first (one statement, whatever the limit).
    func devices(appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord]
    /// A publish's deliveries that failed or were invalidated, in fan-out order.
    func failedDeliveries(appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace]
    /// A device's deliveries among the app's `deviceDeliveriesPublishWindow` latest
    /// publishes, newest first (deliveries pruned by retention are gone).
    func deliveries(appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace]
    /// The publish's counters over time (its `publish_history`), in at most `maxBuckets`
    /// buckets from its start to its last second of activity (or `now`); `nil`: no such publish.
    func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline?
    /// Records that console session `id` was signed out, until `expiresAt` (when its cookie
    /// ends anyway); records past their expiry are dropped meanwhile.
    func endConsoleSession(appID: String, id: String, expiresAt: Double, now: Double) throws
    /// Whether console session `id` was signed out.
    func consoleSessionEnded(id: String) throws -> Bool

    // MARK: Retention
    /// Deletes up to `limit` deliveries (and then the receipts) of publishes finished
    /// before `before`, keeping the publishes and their statistics.
    func pruneFinished(before: Double, limit: Int) throws -> PruneProgress

    // MARK: Other processes
    /// Calls `wake`, on a thread of its own, when another process commits a publish to the
    /// same store, until the watch is stopped; nil for a store no other process serves
    /// (SQLite's data folder).
    func watchPublishes(_ wake: @escaping @Sendable () -> Void) throws -> (any PublishWatch)?
}

/// A running `watchPublishes`.
public protocol PublishWatch: AnyObject, Sendable {
    /// Stops it; `wake` is not called after this returns.
    func stop()
}

extension GatewayStore {
    /// No other process to hear from.
    public func watchPublishes(_ wake: @escaping @Sendable () -> Void) throws -> (any PublishWatch)? { nil }

    /// Claims due deliveries of every environment.
    public func claimDeliveries(appID: String, now: Double, limit: Int) throws -> [DeliveryJob] {
        try claimDeliveries(appID: appID, now: now, limit: limit, excluding: [])
    }

    /// The app with its APNs credentials.
    public func app(id: String) throws -> AppRecord? { try app(id: id, includingCredentials: true) }

    /// Imports without a quota: the operator's own import is not held to the limits set
    /// for client keys.
    public func importDevices(appID: String, _ registrations: [DeviceRegistration], now: Double) throws -> Int {
        try importDevices(appID: appID, registrations, quota: .unlimited, now: now)
    }
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
