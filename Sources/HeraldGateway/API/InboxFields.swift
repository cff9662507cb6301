import Foundation
import HeraldShared
import HeraldStore

/// The fields of an inbox message (the server API's new message, a publish's `inbox`),
/// checked: what is wrong, where, and how to fix it.
enum InboxFields {
    static let maxTitle = 1000
    static let maxBody = 10_000
    static let maxLink = 2000
    static let maxDataBytes = 4096
    /// The publish target kinds a publish's message can be kept for: those that reach devices.
    static let targetKinds: Set<String> = ["devices", "tokens", "fcmTokens", "interests", "users", "app"]

    /// A message's content: `title` and `body` (at least one, unless `defaults` gives it),
    /// `link`, `data` (a JSON object) and `expiresAt` (seconds since 1970, after `now`).
    static func content(_ reader: JSONObjectReader, now: Double, defaults: (title: String?, body: String?, link: String?) = (nil, nil, nil))
        throws -> (title: String?, body: String?, link: String?, data: JSONValue?, expiresAt: Double?)
    {
        try reader.allow(["title", "body", "link", "data", "expiresAt"])
        let title = try reader.string("title", maxLength: maxTitle) ?? defaults.title
        let body = try reader.string("body", maxLength: maxBody) ?? defaults.body
        guard title != nil || body != nil else {
            throw ValidationError(reader.field("body"), "give a title or a body (a publish's message takes its notification's alert)")
        }
        let link = try reader.string("link", maxLength: maxLink) ?? defaults.link
        if let link { try FieldRules.link(link, reader.field("link")) }
        var data: JSONValue?
        if let object = try reader.objectValue("data") {
            let size = JSONWriter.compactByteCount(.object(object))
            guard size <= maxDataBytes else {
                throw ValidationError(reader.field("data"), "is \(size) bytes of JSON; keep it under \(maxDataBytes)")
            }
            data = .object(object)
        }
        let expiresAt = try reader.number("expiresAt")
        if let expiresAt, expiresAt <= now {
            throw ValidationError(reader.field("expiresAt"), "\(expiresAt) is not in the future (seconds since 1970; now is \(Int(now)))")
        }
        return (title, body, link, data, expiresAt)
    }

    /// `herald.inboxMessage`: the gateway marks the payload of a publish that keeps a message,
    /// so the device applies the inbox's rules to its push only (other pushes stay local).
    static let messageMarker = "inboxMessage"

    static func markInboxMessage(_ payload: inout [String: JSONValue]) {
        var herald = payload["herald"]?.objectValue ?? [:]
        herald[messageMarker] = .bool(true)
        payload["herald"] = .object(herald)
    }

    /// A publish's `inbox`: `true`, or an object of `content`'s fields, whose title, body and
    /// link default to the notification's. Only an alert push to devices keeps one.
    static func publishInbox(
        _ reader: JSONObjectReader, payload: [String: JSONValue], options: PublishOptions, target: PublishTarget, now: Double, limit: Int
    ) throws -> PublishInbox? {
        guard let value = reader.object["inbox"] else { return nil }
        if value == .bool(false) { return nil }
        guard targetKinds.contains(target.kind) else {
            throw ValidationError(
                "inbox", "a \(target.kind) target keeps no inbox message; send to devices, tokens, fcmTokens, interests, users or the app")
        }
        guard options.pushType == "alert" else {
            throw ValidationError("inbox", "goes with an alert push (the message is what the notification shows), not \(options.pushType)")
        }
        let alert = payload["aps"]?.objectValue?["alert"]
        let defaults = (
            title: alert?.objectValue?["title"]?.stringValue, body: alert?.stringValue ?? alert?.objectValue?["body"]?.stringValue,
            link: payload["herald"]?.objectValue?["link"]?.stringValue
        )
        let fields: JSONObjectReader
        switch value {
        case .bool(true): fields = try JSONObjectReader(.object([:]), path: "inbox")
        case .object: fields = try JSONObjectReader(value, path: "inbox")
        default:
            throw ValidationError("inbox", "expected true or an object {\"body\", \"expiresAt\", \"data\"}, found \(value.typeDescription)")
        }
        let content = try content(fields, now: now, defaults: defaults)
        return PublishInbox(
            title: content.title, body: content.body, link: content.link, data: content.data, expiresAt: content.expiresAt, limit: limit)
    }
}
