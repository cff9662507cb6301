import HeraldPayload
import HeraldShared
import HeraldStore

/// Live Activity publishes: which tokens a `liveactivity` publish goes to follows from its
/// event. A `start` to devices, users or interests goes to their push-to-start tokens for
/// the payload's `attributes-type`; an `update` or `end` goes to `activities` (each
/// activity's update token wherever it runs); a `tokens` target takes any event.
extension PublishRequest {
    /// Turns `target` into the Live Activity target the payload's event needs, and fills
    /// `aps.timestamp` with `timestamp` (the send time, in Unix seconds) when absent.
    static func liveActivity(_ target: inout PublishTarget, _ payload: inout [String: JSONValue], timestamp: Double) throws {
        guard var aps = payload["aps"]?.objectValue else { return }
        if aps["timestamp"] == nil {
            aps["timestamp"] = .int(Int(timestamp))
            payload["aps"] = .object(aps)
        }
        let event = aps["event"]?.stringValue.map(LiveActivityEvent.init(rawValue:))
        switch target {
        case .devices, .users, .interests, .app:
            guard event == .start else {
                throw ValidationError(
                    "apns.aps.event",
                    "a Live Activity push to \(target.kind) starts activities (event start, to their push-to-start tokens); send updates and ends to \"activities\": [activity ids]"
                )
            }
            let type = try FieldRules.activityType(
                aps["attributes-type"]?.stringValue ?? "", "apns.aps.attributes-type")
            target = .pushToStart(activityType: type, devices: target)
        case .activities:
            guard event != .start else {
                throw ValidationError(
                    "apns.aps.event",
                    "an activity starts through push-to-start tokens: send a start to devices, users or interests; activities take update and end"
                )
            }
        case .channels:
            guard event != .start else {
                throw ValidationError(
                    "apns.aps.event",
                    "a broadcast cannot start a Live Activity: start it on each device by push-to-start with \"input-push-channel\" set to the channel's apnsChannelId, then send updates and ends to the channel"
                )
            }
        case .fcmTokens:
            throw ValidationError("fcmTokens", "Live Activities are iOS's: send a liveactivity push to APNs tokens, devices, users or interests")
        case .tokens, .pushToStart:
            break
        }
    }
}
