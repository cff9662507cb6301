import HeraldAPNsModel
import HeraldShared

/// Publishes and their deliveries: creating, fanning out, claiming and completing them,
/// the console's reads of them, and retention.
public protocol PublishStore: AnyObject, Sendable {
    /// Commits a publish, or returns the one with the same idempotency key (`created` false).
    func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool)
    /// What `target` reaches of the app now (`TargetReach`), for a publish's warnings.
    func targetReach(appID: String, target: PublishTarget) throws -> TargetReach
    func publish(appID: String, id: String) throws -> PublishRecord?
    /// Cancels a publish not done (its waiting deliveries fail as `Cancelled`); `conflict` once done or cancelled.
    func cancelPublish(appID: String, id: String, now: Double) throws -> PublishRecord
    /// Moves scheduled publishes whose time has come to queued; how many.
    func promoteDuePublishes(now: Double) throws -> Int
    /// Creates up to `limit` deliveries for a publish being fanned out, claiming them as it
    /// goes when `claim` allows (`FanOutClaim`); `nil` when no publish needs fan-out, or
    /// the one that does waits for room to claim. Apps take turns: the publish is the
    /// oldest of the first app after `afterApp` (by id, wrapping around) that has one, so
    /// one app's slow or large publish delays only that app's. A step that fails throws
    /// `FanOutStepError`, naming the publish.
    func fanOutStep(limit: Int, now: Double, claim: FanOutClaim?, afterApp: String?) throws -> FanOutProgress?
    /// Ends a publish's fan-out where it stands, with `reason` kept as its `error`: the
    /// deliveries made so far go on, no more are made. False when no such publish, or its
    /// fan-out had finished.
    func stopFanOut(publishID: String, reason: String, now: Double) throws -> Bool
    /// How many devices a publish to `target` (`interests`, `users` or `app`) with
    /// `filter` would reach now, by platform and language; writes nothing.
    func audience(appID: String, target: PublishTarget, filter: AudienceFilter?) throws -> AudienceCount
    /// Apps with deliveries due at `now`.
    func appsWithDueDeliveries(now: Double) throws -> [String]
    /// Marks up to `limit` due deliveries of `appID` in flight and returns them, leaving
    /// those on the `excluding` routes (paused: an APNs environment, or FCM) where they are.
    /// Those a frequency cap holds back come back `capped`, already final: not to be sent.
    func claimDeliveries(appID: String, now: Double, limit: Int, excluding: Set<DeliveryRoute>) throws -> [DeliveryJob]
    /// Records outcomes of claimed deliveries and updates their publishes' statistics.
    func completeDeliveries(_ results: [DeliveryResult], now: Double) throws
    /// The earliest time something becomes due (a scheduled publish, a retry).
    func nextDueTime() throws -> Double?
    /// The app's latest publishes, newest first (one statement, whatever the limit); the
    /// inbox's sync pushes (`InboxSync`) among them only when `includingInboxSyncs`.
    func publishes(appID: String, limit: Int, includingInboxSyncs: Bool) throws -> [PublishRecord]
    /// A publish's deliveries that failed or were invalidated, in fan-out order.
    func failedDeliveries(appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace]
    /// A device's deliveries among the app's `deviceDeliveriesPublishWindow` latest
    /// publishes, newest first (deliveries pruned by retention are gone).
    func deliveries(appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace]
    /// The publish's counters over time (its `publish_history`), in at most `maxBuckets`
    /// buckets from its start to its last second of activity (or `now`); `nil`: no such publish.
    func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline?
    /// Deletes up to `limit` deliveries (and then the receipts) of publishes finished
    /// before `before`, keeping the publishes and their statistics.
    func pruneFinished(before: Double, limit: Int) throws -> PruneProgress
}

extension PublishStore {
    /// The app's latest publishes, newest first, the inbox's sync pushes too.
    public func publishes(appID: String, limit: Int) throws -> [PublishRecord] {
        try publishes(appID: appID, limit: limit, includingInboxSyncs: true)
    }

    /// One fan-out step that claims nothing: every delivery it makes waits to be claimed.
    public func fanOutStep(limit: Int, now: Double) throws -> FanOutProgress? {
        try fanOutStep(limit: limit, now: now, claim: nil, afterApp: nil)
    }

    /// A step for the oldest publish of the first app (by id) that has one.
    public func fanOutStep(limit: Int, now: Double, claim: FanOutClaim?) throws -> FanOutProgress? {
        try fanOutStep(limit: limit, now: now, claim: claim, afterApp: nil)
    }

    /// Claims due deliveries of every environment.
    public func claimDeliveries(appID: String, now: Double, limit: Int) throws -> [DeliveryJob] {
        try claimDeliveries(appID: appID, now: now, limit: limit, excluding: [])
    }
}
