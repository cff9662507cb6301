import Foundation
import HeraldAPNsModel
import HeraldFCMModel
import HeraldCore
@testable import HeraldGateway
@testable import HeraldStore

/// A store whose `completeDeliveries` fails the next `failures` times (a full disk, a
/// lock held too long), and whose heartbeats fail while `cutOff` (the database out of
/// reach) and are recorded; everything else goes to the real store. Every call first
/// passes `gate`: closed, calls wait there as on a frozen database (SIGSTOP), until it
/// opens; while `down`, every call fails `.unavailable`.
final class FlakyStore: GatewayStore, @unchecked Sendable {
    let base: any GatewayStore
    let gate = Gate()
    private let lock = NSLock()
    private var failuresLeft = 0
    private var isCutOff = false
    private var isDown = false
    private var beats: [(now: Double, takeOver: Bool)] = []

    init(_ base: any GatewayStore) { self.base = base }

    var down: Bool {
        get { lock.withLock { isDown } }
        set { lock.withLock { isDown = newValue } }
    }

    /// The real store, once the call may go on.
    func pass(_ store: any GatewayStore) throws -> any GatewayStore {
        gate.pass()
        if down { throw StoreError(.unavailable, "the database cannot be reached") }
        return store
    }

    var cutOff: Bool {
        get { lock.withLock { isCutOff } }
        set { lock.withLock { isCutOff = newValue } }
    }

    /// While set, a fan-out step finds nothing to take, as when another process holds the
    /// publish being fanned out.
    var fanOutTaken: Bool {
        get { lock.withLock { isFanOutTaken } }
        set { lock.withLock { isFanOutTaken = newValue } }
    }
    private var isFanOutTaken = false

    /// The heartbeats that reached the store: when, and whether they could take over.
    var heartbeats: [(now: Double, takeOver: Bool)] { lock.withLock { beats } }

    func heartbeat(now: Double, lease: Double, takeOver: Bool) throws -> LeaseReport {
        if cutOff { throw StoreError(.unavailable, "the database cannot be reached") }
        lock.withLock { beats.append((now, takeOver)) }
        return try pass(base).heartbeat(now: now, lease: lease, takeOver: takeOver)
    }

    func failNext(_ count: Int) { lock.withLock { failuresLeft = count } }

    func completeDeliveries(_ results: [DeliveryResult], now: Double) throws {
        let fail: Bool = lock.withLock {
            guard failuresLeft > 0 else { return false }
            failuresLeft -= 1
            return true
        }
        if fail { throw StoreError(.database(code: 13), "database or disk is full") }
        try pass(base).completeDeliveries(results, now: now)
    }

    func createApp(_ app: AppRecord) throws { try pass(base).createApp(app) }
    func app(id: String, includingCredentials: Bool) throws -> AppRecord? {
        try pass(base).app(id: id, includingCredentials: includingCredentials)
    }
    func apps() throws -> [AppRecord] { try pass(base).apps() }
    func updateKeys(appID: String, server: String?, client: String?, userTokenSecret: String?) throws -> Bool {
        try pass(base).updateKeys(appID: appID, server: server, client: client, userTokenSecret: userTokenSecret)
    }
    func setLegacyDeviceAccess(appID: String, _ enabled: Bool) throws -> Bool {
        try pass(base).setLegacyDeviceAccess(appID: appID, enabled)
    }
    func setDefaultTimeZone(appID: String, _ zone: String?) throws -> Bool { try pass(base).setDefaultTimeZone(appID: appID, zone) }
    func setCredentials(appID: String, _ credentials: APNSCredentials) throws -> Bool {
        try pass(base).setCredentials(appID: appID, credentials)
    }
    func setFCMCredentials(appID: String, _ credentials: FCMCredentials) throws -> Bool {
        try pass(base).setFCMCredentials(appID: appID, credentials)
    }
    func registerDevice(appID: String, _ registration: DeviceRegistration, quota: DeviceQuota, now: Double) throws -> RegisteredDevice {
        try pass(base).registerDevice(appID: appID, registration, quota: quota, now: now)
    }
    func importDevices(appID: String, from source: DeviceImportSource, quota: DeviceQuota, now: Double) throws -> Int {
        try pass(base).importDevices(appID: appID, from: source, quota: quota, now: now)
    }
    func usage(appID: String) throws -> (devices: Int, subscriptions: Int) { try pass(base).usage(appID: appID) }
    func setPushToStartToken(appID: String, deviceID: String, activityType: String, token: String, now: Double) throws -> Bool {
        try pass(base).setPushToStartToken(appID: appID, deviceID: deviceID, activityType: activityType, token: token, now: now)
    }
    func setActivityToken(appID: String, deviceID: String, activityID: String, activityType: String, token: String, now: Double)
        throws -> ActivityTokenChange?
    {
        try pass(base).setActivityToken(
            appID: appID, deviceID: deviceID, activityID: activityID, activityType: activityType, token: token, now: now)
    }
    func endActivity(appID: String, deviceID: String, activityID: String, now: Double) throws -> ActivityRecord? {
        try pass(base).endActivity(appID: appID, deviceID: deviceID, activityID: activityID, now: now)
    }
    func activities(appID: String, deviceID: String) throws -> DeviceActivities? {
        try pass(base).activities(appID: appID, deviceID: deviceID)
    }
    func deviceID(appID: String, keyHash: String) throws -> String? { try pass(base).deviceID(appID: appID, keyHash: keyHash) }
    func publishes(appID: String, limit: Int, includingInboxSyncs: Bool) throws -> [PublishRecord] {
        try pass(base).publishes(appID: appID, limit: limit, includingInboxSyncs: includingInboxSyncs)
    }
    func devices(appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord] {
        try pass(base).devices(appID: appID, matching: lookup, limit: limit)
    }
    func failedDeliveries(appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace] {
        try pass(base).failedDeliveries(appID: appID, publishID: publishID, limit: limit)
    }
    func deliveries(appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace] {
        try pass(base).deliveries(appID: appID, deviceID: deviceID, limit: limit)
    }
    func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        try pass(base).publishTimeline(appID: appID, publishID: publishID, now: now, maxBuckets: maxBuckets)
    }
    func endConsoleSession(appID: String, id: String, expiresAt: Double, now: Double) throws {
        try pass(base).endConsoleSession(appID: appID, id: id, expiresAt: expiresAt, now: now)
    }
    func consoleSessionEnded(id: String) throws -> Bool { try pass(base).consoleSessionEnded(id: id) }
    func deviceKeyState(appID: String, id: String) throws -> DeviceKeyState { try pass(base).deviceKeyState(appID: appID, id: id) }
    func keylessDeviceCount(appID: String) throws -> Int { try pass(base).keylessDeviceCount(appID: appID) }
    func device(appID: String, id: String) throws -> DeviceRecord? { try pass(base).device(appID: appID, id: id) }
    func setInterests(appID: String, deviceID: String, _ interests: [String], quota: DeviceQuota, now: Double) throws -> Bool {
        try pass(base).setInterests(appID: appID, deviceID: deviceID, interests, quota: quota, now: now)
    }
    func setUser(appID: String, deviceID: String, _ userID: String?, now: Double) throws -> Bool {
        try pass(base).setUser(appID: appID, deviceID: deviceID, userID, now: now)
    }

    func setAttributes(appID: String, deviceID: String, _ change: DeviceAttributes, now: Double) throws -> Bool {
        try pass(base).setAttributes(appID: appID, deviceID: deviceID, change, now: now)
    }
    func deleteDevice(appID: String, deviceID: String, now: Double) throws -> Bool { try pass(base).deleteDevice(appID: appID, deviceID: deviceID, now: now) }
    func userData(appID: String, userID: String) throws -> UserData { try pass(base).userData(appID: appID, userID: userID) }
    func deleteUser(appID: String, userID: String, now: Double) throws -> UserDeletion {
        try pass(base).deleteUser(appID: appID, userID: userID, now: now)
    }
    func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool) { try pass(base).createPublish(publish) }
    func publish(appID: String, id: String) throws -> PublishRecord? { try pass(base).publish(appID: appID, id: id) }
    func cancelPublish(appID: String, id: String, now: Double) throws -> PublishRecord {
        try pass(base).cancelPublish(appID: appID, id: id, now: now)
    }
    func recordEvents(appID: String, _ events: [DeviceEvent], quota: DeviceQuota) throws -> EventTally {
        try pass(base).recordEvents(appID: appID, events, quota: quota)
    }
    func eventCount(appID: String) throws -> Int { try pass(base).eventCount(appID: appID) }
    func events(appID: String, after: EventCursor, limit: Int) throws -> [LoggedEvent] {
        try pass(base).events(appID: appID, after: after, limit: limit)
    }
    func eventLogEnd(appID: String) throws -> EventCursor { try pass(base).eventLogEnd(appID: appID) }
    func pruneEvents(before: Double, limit: Int) throws -> Int { try pass(base).pruneEvents(before: before, limit: limit) }
    func createWebhook(_ webhook: NewWebhook, limit: Int) throws -> WebhookRecord { try pass(base).createWebhook(webhook, limit: limit) }
    func webhooks(appID: String) throws -> [WebhookRecord] { try pass(base).webhooks(appID: appID) }
    func webhook(appID: String, id: String) throws -> WebhookRecord? { try pass(base).webhook(appID: appID, id: id) }
    func updateWebhook(appID: String, id: String, _ change: WebhookChange, now: Double) throws -> WebhookRecord? {
        try pass(base).updateWebhook(appID: appID, id: id, change, now: now)
    }
    func deleteWebhook(appID: String, id: String) throws -> Bool { try pass(base).deleteWebhook(appID: appID, id: id) }
    func rotateWebhookSecret(appID: String, id: String, secret: String, keepOldUntil: Double, now: Double) throws -> WebhookRecord? {
        try pass(base).rotateWebhookSecret(appID: appID, id: id, secret: secret, keepOldUntil: keepOldUntil, now: now)
    }
    func replayWebhook(appID: String, id: String, since: Double, now: Double) throws -> WebhookRecord? {
        try pass(base).replayWebhook(appID: appID, id: id, since: since, now: now)
    }
    func webhookAttempts(appID: String, id: String, limit: Int) throws -> [WebhookAttempt] {
        try pass(base).webhookAttempts(appID: appID, id: id, limit: limit)
    }
    func claimWebhooks(owner: String, now: Double, hold: Double, limit: Int) throws -> [WebhookRecord] {
        try pass(base).claimWebhooks(owner: owner, now: now, hold: hold, limit: limit)
    }
    func finishWebhook(_ progress: WebhookProgress) throws -> Bool { try pass(base).finishWebhook(progress) }
    func enabledWebhooks(limit: Int) throws -> [WebhookRecord] { try pass(base).enabledWebhooks(limit: limit) }
    func disableWebhook(appID: String, id: String, reason: String, now: Double) throws -> Bool {
        try pass(base).disableWebhook(appID: appID, id: id, reason: reason, now: now)
    }
    func webhookBacklog(appID: String, after: EventCursor, matching selector: EventSelector?, limit: Int) throws -> (count: Int, oldest: Double?) {
        try pass(base).webhookBacklog(appID: appID, after: after, matching: selector, limit: limit)
    }
    func promoteDuePublishes(now: Double) throws -> Int { try pass(base).promoteDuePublishes(now: now) }
    /// While set, each fan-out step of this publish does its work (claiming nothing) and
    /// then fails with this reason, as a step the store stopped (`.timedOut`) or lost
    /// (`.unavailable`) would.
    var failingFanOut: (publishID: String, reason: StoreFailure)? {
        get { lock.withLock { fanOutFailure } }
        set { lock.withLock { fanOutFailure = newValue } }
    }
    private var fanOutFailure: (publishID: String, reason: StoreFailure)?

    func fanOutStep(limit: Int, now: Double, claim: FanOutClaim?, afterApp: String?) throws -> FanOutProgress? {
        if fanOutTaken { return nil }
        let failing = failingFanOut
        let progress = try pass(base).fanOutStep(limit: limit, now: now, claim: failing == nil ? claim : nil, afterApp: afterApp)
        if let progress, let failing, failing.publishID == progress.publishID {
            throw FanOutStepError(
                publishID: progress.publishID, appID: progress.appID, filtered: true, underlying: StoreError(failing.reason, "stopped"))
        }
        return progress
    }
    func stopFanOut(publishID: String, reason: String, now: Double) throws -> Bool {
        try pass(base).stopFanOut(publishID: publishID, reason: reason, now: now)
    }
    func audience(appID: String, target: PublishTarget, filter: AudienceFilter?) throws -> AudienceCount {
        try pass(base).audience(appID: appID, target: target, filter: filter)
    }
    func appsWithDueDeliveries(now: Double) throws -> [String] { try pass(base).appsWithDueDeliveries(now: now) }
    func claimDeliveries(appID: String, now: Double, limit: Int, excluding: Set<DeliveryRoute>) throws -> [DeliveryJob] {
        try pass(base).claimDeliveries(appID: appID, now: now, limit: limit, excluding: excluding)
    }
    func recoverInFlight(now: Double, lease: Double) throws -> Int { try pass(base).recoverInFlight(now: now, lease: lease) }
    func leave() throws { try pass(base).leave() }
    var instance: GatewayInstance { base.instance }
    func nextDueTime() throws -> Double? { try pass(base).nextDueTime() }
    func pruneFinished(before: Double, limit: Int) throws -> PruneProgress { try pass(base).pruneFinished(before: before, limit: limit) }
    func createChannel(appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double) throws
        -> ChannelRecord
    {
        try pass(base).createChannel(appID: appID, environment: environment, storagePolicy: storagePolicy, now: now)
    }
    func channel(appID: String, id: String) throws -> ChannelRecord? { try pass(base).channel(appID: appID, id: id) }
    func channels(appID: String, after: String?, limit: Int) throws -> [ChannelRecord] {
        try pass(base).channels(appID: appID, after: after, limit: limit)
    }
    func deleteChannel(appID: String, id: String, now: Double) throws -> ChannelRecord? {
        try pass(base).deleteChannel(appID: appID, id: id, now: now)
    }
    func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord] {
        try pass(base).claimChannelOperations(now: now, limit: limit, hold: hold)
    }
    func completeChannelOperation(appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws {
        try pass(base).completeChannelOperation(appID: appID, id: id, result, now: now)
    }
}
