import Foundation
import HeraldPayload
import HeraldShared
import HeraldStore

extension PublishRequest {
    /// `options.sendAt` as `{"localTime": "HH:MM", "date": "YYYY-MM-DD"}`: each device
    /// receives the publish at that time in its own zone. Refused when the time has passed
    /// everywhere (in UTC−12) or comes more than 30 days ahead in the first zone (UTC+14),
    /// and for Live Activity updates and channels, which are not sent device by device.
    static func localTime(_ options: JSONObjectReader, pushType: String, target: PublishTarget, now: Double) throws(ValidationError)
        -> LocalSendTime?
    {
        guard case .object(let object) = options.object["sendAt"] else { return nil }
        let fields = try JSONObjectReader(.object(object), path: options.field("sendAt"))
        try fields.allow(["localTime", "date"])
        let example = "such as {\"localTime\": \"09:00\", \"date\": \"2026-12-24\"}"
        let required = "is required with the other: give localTime and date, \(example)"
        guard let time = try fields.string("localTime") else { throw ValidationError(fields.field("localTime"), required) }
        if let problem = LocalSendTime.timeProblem(time) { throw ValidationError(fields.field("localTime"), problem) }
        guard let date = try fields.string("date") else { throw ValidationError(fields.field("date"), required) }
        guard LocalSendTime.dateProblem(date) == nil, let localTime = LocalSendTime(time: time, date: date) else {
            throw ValidationError(fields.field("date"), LocalSendTime.dateProblem(date) ?? "\"\(date)\" is not a date YYYY-MM-DD")
        }
        if target.isLiveActivityOnly || pushType == PushType.liveActivity.rawValue {
            throw ValidationError(
                options.field("sendAt"),
                "a local time is for notifications to devices, not Live Activity updates or channels: give a time as RFC 3339 or seconds")
        }
        guard localTime.latest > now else {
            throw ValidationError(
                fields.field("date"), "\(time) on \(date) has passed in every time zone (the last is UTC−12): give a later date")
        }
        guard localTime.earliest <= now + maxTTL else {
            throw ValidationError(
                fields.field("date"), "\(time) on \(date) is more than 30 days ahead in the first time zone (UTC+14): give an earlier date")
        }
        return localTime
    }
}
