import HeraldHTTP
import HeraldShared
import HeraldStore

/// Live Activity tokens a device reports (device key, or the server key): its push-to-start
/// token per activity type, and each running activity's update token until it ends.
extension GatewayAPI {
    /// PUT /v1/apps/{app}/devices/{id}/push-to-start/{activityType}: the device's token for
    /// starting activities of this type (`Activity<T>.pushToStartTokenUpdates`); a new one
    /// replaces the old.
    func setPushToStartToken(_ context: Context) throws -> HTTPResponse {
        let activityType = try FieldRules.activityType(context.parameters["activityType"] ?? "", "activityType")
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["token"])
        let token = try FieldRules.token(try reader.string("token", required: true) ?? "", "token")
        let id = context.parameters["device"] ?? ""
        guard try store.setPushToStartToken(appID: context.appID, deviceID: id, activityType: activityType, token: token, now: now())
        else { throw Self.noDevice(id, context.appID) }
        return .json(200, ["deviceId": .string(id), "activityType": .string(activityType), "token": .string(token)])
    }

    /// PUT /v1/apps/{app}/devices/{id}/live-activities/{activityId}: an activity the device
    /// runs and its update token (`Activity.pushTokenUpdates`): 201 for a new activity, 200
    /// when the token rotated. 409 once the activity ended, or for another type.
    func setActivityToken(_ context: Context) throws -> HTTPResponse {
        let activityID = try Self.activityID(context)
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["activityType", "token"])
        let activityType = try FieldRules.activityType(try reader.string("activityType", required: true) ?? "", "activityType")
        let token = try FieldRules.token(try reader.string("token", required: true) ?? "", "token")
        let id = context.parameters["device"] ?? ""
        guard
            let change = try store.setActivityToken(
                appID: context.appID, deviceID: id, activityID: activityID, activityType: activityType, token: token, now: now())
        else { throw Self.noDevice(id, context.appID) }
        return .json(change.created ? 201 : 200, Self.json(change.activity))
    }

    /// DELETE /v1/apps/{app}/devices/{id}/live-activities/{activityId}: the activity ended
    /// on the device; 200 with `endedAt` (the first end is kept).
    func endActivity(_ context: Context) throws -> HTTPResponse {
        let activityID = try Self.activityID(context)
        let id = context.parameters["device"] ?? ""
        guard let activity = try store.endActivity(appID: context.appID, deviceID: id, activityID: activityID, now: now()) else {
            guard try store.deviceKeyState(appID: context.appID, id: id) != .missing else { throw Self.noDevice(id, context.appID) }
            throw APIError.notFound("device \(id) has no activity \(activityID); report it with PUT first")
        }
        return .json(200, Self.json(activity))
    }

    /// GET /v1/apps/{app}/devices/{id}/live-activities: the device's push-to-start tokens and activities.
    func listActivities(_ context: Context) throws -> HTTPResponse {
        let id = context.parameters["device"] ?? ""
        guard let found = try store.activities(appID: context.appID, deviceID: id) else { throw Self.noDevice(id, context.appID) }
        return .json(200, Self.json(found, deviceID: id))
    }

    /// A device's push-to-start tokens and activities as the API answers them.
    static func json(_ found: DeviceActivities, deviceID: String) -> JSONValue {
        let pushToStart = found.pushToStart.map { entry -> JSONValue in
            ["activityType": .string(entry.activityType), "token": .string(entry.token), "updatedAt": .double(entry.updatedAt)]
        }
        return ["deviceId": .string(deviceID), "pushToStart": .array(pushToStart), "activities": .array(found.activities.map(Self.json))]
    }

    private static func activityID(_ context: Context) throws(ValidationError) -> String {
        let text = context.parameters["activityId"] ?? ""
        try FieldRules.identifier(text, "activityId")
        return text
    }

    private static func json(_ activity: ActivityRecord) -> JSONValue {
        [
            "activityId": .string(activity.id), "activityType": .string(activity.activityType), "token": .string(activity.token),
            "createdAt": .double(activity.createdAt), "updatedAt": .double(activity.updatedAt),
            "endedAt": activity.endedAt.map(JSONValue.double) ?? .null,
        ]
    }
}
