import Foundation
import HeraldAPNsModel
import HeraldCore
@testable import HeraldGateway

/// A store whose `completeDeliveries` fails the next `failures` times (a full disk, a
/// lock held too long), and whose heartbeats fail while `cutOff` (the database out of
/// reach) and are recorded; everything else goes to the real store.
final class FlakyStore: GatewayStore, @unchecked Sendable {
    let base: any GatewayStore
    private let lock = NSLock()
    private var failuresLeft = 0
    private var isCutOff = false
    private var beats: [(now: Double, takeOver: Bool)] = []

    init(_ base: any GatewayStore) { self.base = base }

    var cutOff: Bool {
        get { lock.withLock { isCutOff } }
        set { lock.withLock { isCutOff = newValue } }
    }

    /// The heartbeats that reached the store: when, and whether they could take over.
    var heartbeats: [(now: Double, takeOver: Bool)] { lock.withLock { beats } }

    func heartbeat(now: Double, lease: Double, takeOver: Bool) throws -> LeaseReport {
        if cutOff { throw StoreError(.unavailable, "the database cannot be reached") }
        lock.withLock { beats.append((now, takeOver)) }
        return try base.heartbeat(now: now, lease: lease, takeOver: takeOver)
    }

    func failNext(_ count: Int) { lock.withLock { failuresLeft = count } }

    func completeDeliveries(_ results: [DeliveryResult], now: Double) throws {
        let fail: Bool = lock.withLock {
            guard failuresLeft > 0 else { return false }
            failuresLeft -= 1
            return true
        }
        if fail { throw StoreError(.database(code: 13), "database or disk is full") }
        try base.completeDeliveries(results, now: now)
    }

    func createApp(_ app: AppRecord) throws { try base.createApp(app) }
    func app(id: String, includingCredentials: Bool) throws -> AppRecord? {
        try base.app(id: id, includingCredentials: includingCredentials)
    }
    func apps() throws -> [AppRecord] { try base.apps() }
    func updateKeys(appID: String, server: String?, client: String?, userTokenSecret: String?) throws -> Bool {
        try base.updateKeys(appID: appID, server: server, client: client, userTokenSecret: userTokenSecret)
    }
    func setLegacyDeviceAccess(appID: String, _ enabled: Bool) throws -> Bool { try base.setLegacyDeviceAccess(appID: appID, enabled) }
    func setCredentials(appID: String, _ credentials: APNSCredentials) throws -> Bool { try base.setCredentials(appID: appID, credentials) }
    func registerDevice(appID: String, _ registration: DeviceRegistration, quota: DeviceQuota, now: Double) throws -> RegisteredDevice {
        try base.registerDevice(appID: appID, registration, quota: quota, now: now)
    }
    func importDevices(appID: String, _ registrations: [DeviceRegistration], quota: DeviceQuota, now: Double) throws -> Int {
        try base.importDevices(appID: appID, registrations, quota: quota, now: now)
    }
    func usage(appID: String) throws -> (devices: Int, subscriptions: Int) { try base.usage(appID: appID) }
    func setPushToStartToken(appID: String, deviceID: String, activityType: String, token: String, now: Double) throws -> Bool {
        try base.setPushToStartToken(appID: appID, deviceID: deviceID, activityType: activityType, token: token, now: now)
    }
    func setActivityToken(appID: String, deviceID: String, activityID: String, activityType: String, token: String, now: Double)
        throws -> ActivityTokenChange?
    {
        try base.setActivityToken(
            appID: appID, deviceID: deviceID, activityID: activityID, activityType: activityType, token: token, now: now)
    }
    func endActivity(appID: String, deviceID: String, activityID: String, now: Double) throws -> ActivityRecord? {
        try base.endActivity(appID: appID, deviceID: deviceID, activityID: activityID, now: now)
    }
    func activities(appID: String, deviceID: String) throws -> DeviceActivities? { try base.activities(appID: appID, deviceID: deviceID) }
    func deviceID(appID: String, keyHash: String) throws -> String? { try base.deviceID(appID: appID, keyHash: keyHash) }
    func publishes(appID: String, limit: Int) throws -> [PublishRecord] { try base.publishes(appID: appID, limit: limit) }
    func devices(appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord] {
        try base.devices(appID: appID, matching: lookup, limit: limit)
    }
    func failedDeliveries(appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace] {
        try base.failedDeliveries(appID: appID, publishID: publishID, limit: limit)
    }
    func deliveries(appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace] {
        try base.deliveries(appID: appID, deviceID: deviceID, limit: limit)
    }
    func publishTimeline(appID: String, publishID: String, now: Double, maxBuckets: Int) throws -> PublishTimeline? {
        try base.publishTimeline(appID: appID, publishID: publishID, now: now, maxBuckets: maxBuckets)
    }
    func endConsoleSession(appID: String, id: String, expiresAt: Double, now: Double) throws {
        try base.endConsoleSession(appID: appID, id: id, expiresAt: expiresAt, now: now)
    }
    func consoleSessionEnded(id: String) throws -> Bool { try base.consoleSessionEnded(id: id) }
    func deviceKeyState(appID: String, id: String) throws -> DeviceKeyState { try base.deviceKeyState(appID: appID, id: id) }
    func keylessDeviceCount(appID: String) throws -> Int { try base.keylessDeviceCount(appID: appID) }
    func device(appID: String, id: String) throws -> DeviceRecord? { try base.device(appID: appID, id: id) }
    func setInterests(appID: String, deviceID: String, _ interests: [String], quota: DeviceQuota, now: Double) throws -> Bool {
        try base.setInterests(appID: appID, deviceID: deviceID, interests, quota: quota, now: now)
    }
    func setUser(appID: String, deviceID: String, _ userID: String?, now: Double) throws -> Bool {
        try base.setUser(appID: appID, deviceID: deviceID, userID, now: now)
    }
    func deleteDevice(appID: String, deviceID: String) throws -> Bool { try base.deleteDevice(appID: appID, deviceID: deviceID) }
    func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool) { try base.createPublish(publish) }
    func publish(appID: String, id: String) throws -> PublishRecord? { try base.publish(appID: appID, id: id) }
    func cancelPublish(appID: String, id: String, now: Double) throws -> PublishRecord {
        try base.cancelPublish(appID: appID, id: id, now: now)
    }
    func recordEvents(appID: String, _ events: [DeviceEvent], quota: DeviceQuota) throws -> EventTally {
        try base.recordEvents(appID: appID, events, quota: quota)
    }
    func eventCount(appID: String) throws -> Int { try base.eventCount(appID: appID) }
    func promoteDuePublishes(now: Double) throws -> Int { try base.promoteDuePublishes(now: now) }
    func fanOutStep(limit: Int, now: Double) throws -> FanOutProgress? { try base.fanOutStep(limit: limit, now: now) }
    func appsWithDueDeliveries(now: Double) throws -> [String] { try base.appsWithDueDeliveries(now: now) }
    func claimDeliveries(appID: String, now: Double, limit: Int, excluding: Set<APNsEnvironment>) throws -> [DeliveryJob] {
        try base.claimDeliveries(appID: appID, now: now, limit: limit, excluding: excluding)
    }
    func recoverInFlight(now: Double, lease: Double) throws -> Int { try base.recoverInFlight(now: now, lease: lease) }
    func leave() throws { try base.leave() }
    var instance: GatewayInstance { base.instance }
    func nextDueTime() throws -> Double? { try base.nextDueTime() }
    func pruneFinished(before: Double, limit: Int) throws -> PruneProgress { try base.pruneFinished(before: before, limit: limit) }
    func createChannel(appID: String, environment: APNsEnvironment, storagePolicy: ChannelStoragePolicy, now: Double) throws
        -> ChannelRecord
    {
        try base.createChannel(appID: appID, environment: environment, storagePolicy: storagePolicy, now: now)
    }
    func channel(appID: String, id: String) throws -> ChannelRecord? { try base.channel(appID: appID, id: id) }
    func channels(appID: String, after: String?, limit: Int) throws -> [ChannelRecord] {
        try base.channels(appID: appID, after: after, limit: limit)
    }
    func deleteChannel(appID: String, id: String, now: Double) throws -> ChannelRecord? {
        try base.deleteChannel(appID: appID, id: id, now: now)
    }
    func claimChannelOperations(now: Double, limit: Int, hold: Double) throws -> [ChannelRecord] {
        try base.claimChannelOperations(now: now, limit: limit, hold: hold)
    }
    func completeChannelOperation(appID: String, id: String, _ result: ChannelOperationResult, now: Double) throws {
        try base.completeChannelOperation(appID: appID, id: id, result, now: now)
    }
}
