/// One Live Activity running (or ended) on a device: its id and `ActivityAttributes`
/// type, as ActivityKit reports them, and the push token its updates go to.
///
/// ActivityKit rotates an activity's token; the newest replaces the one kept. An ended
/// activity keeps its row, with `endedAt`, so a late report cannot bring it back.
public struct ActivityRecord: Sendable, Hashable {
    /// ActivityKit's `Activity.id`.
    public var id: String
    /// The name of the app's `ActivityAttributes` type (`attributes-type` in a push).
    public var activityType: String
    /// The activity's update token, lowercase hex.
    public var token: String
    public var createdAt: Double
    /// When the token was last set.
    public var updatedAt: Double
    /// When the device reported the activity ended; `nil` while it runs.
    public var endedAt: Double?
}

/// A device's push-to-start token for one activity type: a `start` push sent to it
/// starts an activity of that type (iOS 17.2 and later).
public struct PushToStartToken: Sendable, Hashable {
    public var activityType: String
    /// Lowercase hex.
    public var token: String
    public var updatedAt: Double
}

/// Everything a device registered for Live Activities, sorted by type and by id.
public struct DeviceActivities: Sendable, Hashable {
    public var pushToStart: [PushToStartToken]
    public var activities: [ActivityRecord]
}

/// What setting an activity's token did.
public struct ActivityTokenChange: Sendable, Hashable {
    public var activity: ActivityRecord
    /// The activity was new to the gateway (201), rather than a rotated token (200).
    public var created: Bool
}

/// How many Live Activity rows one device may hold: ActivityKit runs a handful of
/// activities per app at once, and an app has few activity types.
public enum ActivityLimits {
    /// Push-to-start tokens per device (one per activity type).
    public static let pushToStartTypes = 50
    /// Activities per device that have not ended.
    public static let runningActivities = 50
    /// Ended activities kept per device (the latest to end): each keeps a late token report
    /// from bringing its activity back, and without a bound a device key could add rows
    /// for ever by starting and ending activities.
    public static let endedActivitiesKept = 50
}

extension ActivityTokenChange {
    /// What a token report does, as both stores decide it: a rotated token for a known
    /// activity, or a new activity. Refused when the activity ended (a late report must not
    /// bring it back), has another type, belongs to another device of the app (`elsewhere`:
    /// whether another device has a row for the id, running or ended), or the device runs as
    /// many activities as allowed (`running` counts them). `elsewhere` and `running` are
    /// read only for a new activity. The store then writes it.
    /// The error for an activity id another device of the app has (also when two devices
    /// register it at once and the store's unique index decides).
    static func ownedElsewhere(_ id: String) -> StoreError {
        StoreError(
            .conflict,
            "activity \(id) belongs to another device of this app, so nothing was changed; register the id ActivityKit gave the activity running on this device (Activity.id)"
        )
    }

    static func decide(
        existing: ActivityRecord?, elsewhere: () throws -> Bool, running: () throws -> Int, id: String, activityType: String,
        token: String, now: Double
    ) throws -> ActivityTokenChange {
        if var activity = existing {
            if activity.endedAt != nil {
                throw StoreError(.conflict, "activity \(id) has ended; a new activity has a new id")
            }
            if activity.activityType != activityType {
                throw StoreError(
                    .conflict,
                    "activity \(id) is a \(activity.activityType), not a \(activityType); an activity keeps the type it started with")
            }
            activity.token = token
            activity.updatedAt = now
            return ActivityTokenChange(activity: activity, created: false)
        }
        if try elsewhere() { throw ownedElsewhere(id) }
        guard try running() < ActivityLimits.runningActivities else {
            throw ActivityLimits.exceeded("running activities", limit: ActivityLimits.runningActivities)
        }
        return ActivityTokenChange(
            activity: ActivityRecord(id: id, activityType: activityType, token: token, createdAt: now, updatedAt: now), created: true)
    }
}

extension ActivityLimits {
    /// The error when a device would go past `limit` rows of `what`.
    static func exceeded(_ what: String, limit: Int) -> StoreError {
        StoreError(.limitExceeded, "a device may have at most \(limit) \(what); end or replace one first")
    }
}
