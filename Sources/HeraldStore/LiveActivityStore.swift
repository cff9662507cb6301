import HeraldAPNsModel
import HeraldShared

/// Live Activities: push-to-start tokens, running activities, and broadcast channels.
public protocol LiveActivityStore: AnyObject, Sendable {
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
}
