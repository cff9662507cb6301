import Foundation
import HeraldCore

/// A simulated device's Live Activities of one `ActivityAttributes` type (`herald device
/// --live-activity TYPE`), played as ActivityKit would: its push-to-start token is
/// reported to the gateway; a `start` push to it starts an activity (with an update token,
/// reported, when the push asks for one with `input-push-token`); an `update` to that
/// token shows the new content state; an `end` ends the activity, reported once. What is
/// reported is `LiveActivityReporter`'s decision, as in an app.
///
/// The simulated tokens are derived from the device token (every byte XOR a constant:
/// 0x50 for push-to-start, 0xA0 plus the activity's number for an activity), so each is
/// distinct and the same on every run.
@MainActor
final class DeviceLiveActivities {
    let activityType: String
    let reporter: LiveActivityReporter
    let pushToStartToken: DeviceToken
    private let deviceToken: DeviceToken
    /// Running activities by update token (hex): their ids.
    private var running: [String: String] = [:]
    private var started = 0

    /// One line the session prints: the event (after `device.`) and its fields.
    typealias Line = (event: String, fields: [String: JSONValue])

    init(activityType: String, deviceToken: DeviceToken, gateway: any LiveActivityGateway) {
        self.activityType = activityType
        self.deviceToken = deviceToken
        reporter = LiveActivityReporter(gateway: gateway)
        pushToStartToken = Self.derived(deviceToken, 0x50)
    }

    static func derived(_ token: DeviceToken, _ constant: UInt8) -> DeviceToken {
        DeviceToken(data: Data(token.bytes.map { $0 ^ constant }))
    }

    /// Reports the push-to-start token, as `Activity<T>.pushToStartTokenUpdates` would yield it.
    func registerPushToStart() async -> Line {
        let report = await reporter.pushToStartTokenChanged(pushToStartToken, activityType: activityType)
        return (
            "activity.pushToStart", ["activityType": .string(activityType), "token": .string(pushToStartToken.hex)] + Self.fields(report)
        )
    }

    /// Whether a push to `token` (hex) is one of this device's Live Activity pushes.
    func owns(_ token: String) -> Bool { token == pushToStartToken.hex || running[token] != nil }

    /// Plays a Live Activity push to `token`: the lines to print.
    func play(token: String, payload: JSONValue) async -> [Line] {
        let aps = payload["aps"]
        let event = aps?["event"]?.stringValue ?? ""
        let state = aps?["content-state"] ?? .null
        if token == pushToStartToken.hex {
            guard event == "start", aps?["attributes-type"]?.stringValue == activityType else {
                return [("activity.ignored", ["reason": .string("a \(event) push to the push-to-start token of \(activityType)")])]
            }
            started += 1
            let id = "activity-\(started)-" + String(deviceToken.hex.suffix(6))
            var lines: [Line] = [
                ("activity.started", ["activityId": .string(id), "attributes": aps?["attributes"] ?? .null, "contentState": state])
            ]
            // ActivityKit gives a push-started activity an update token only when asked.
            if aps?["input-push-token"] != nil {
                let updateToken = Self.derived(deviceToken, 0xA0 &+ UInt8(truncatingIfNeeded: started))
                running[updateToken.hex] = id
                let report = await reporter.activityTokenChanged(updateToken, activityID: id, activityType: activityType)
                lines.append(("activity.token", ["activityId": .string(id), "token": .string(updateToken.hex)] + Self.fields(report)))
            }
            return lines
        }
        guard let id = running[token] else { return [] }
        switch event {
        case "update":
            return [("activity.updated", ["activityId": .string(id), "contentState": state])]
        case "end":
            running[token] = nil
            let report = await reporter.activityPhaseChanged(.ended, activityID: id)
            return [("activity.ended", ["activityId": .string(id), "contentState": state] + Self.fields(report))]
        default:
            return [("activity.ignored", ["activityId": .string(id), "reason": .string("event \"\(event)\"")])]
        }
    }

    private static func fields(_ report: LiveActivityReport) -> [String: JSONValue] {
        switch report {
        case .sent: ["gateway": "reported"]
        case .skipped(let why): ["gateway": .string("not reported: \(why)")]
        case .failed(let error): ["gateway": .string("failed: \(error.message)")]
        }
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    fileprivate static func + (lhs: Self, rhs: Self) -> Self { lhs.merging(rhs) { _, new in new } }
}
