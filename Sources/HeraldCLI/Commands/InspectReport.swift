import HeraldCore

/// The two renderings of `herald inspect`: a stable JSON shape and a readable table.
enum InspectReport {
    /// The documented `--json` shape (docs/cli.md); keep it stable.
    static func json(_ n: PushNotification) -> JSONValue {
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        return .object([
            "provider": .string(n.provider.rawValue),
            "id": text(n.id),
            "alert": .object(["title": text(n.content.title), "subtitle": text(n.content.subtitle), "body": text(n.content.body)]),
            "badge": n.aps.badge.map(JSONValue.int) ?? .null,
            "sound": text(n.aps.sound?.name),
            "category": text(n.aps.category),
            "threadId": text(n.aps.threadID),
            "contentAvailable": .bool(n.aps.contentAvailable),
            "mutableContent": .bool(n.aps.mutableContent),
            "interruptionLevel": text(n.aps.interruptionLevel?.rawValue),
            "relevanceScore": n.aps.relevanceScore.map(JSONValue.double) ?? .null,
            "liveActivity": n.aps.liveActivity.map(liveActivity) ?? .null,
            "link": text(n.link),
            "attachments": .array(n.attachments.map { .object(["url": .string($0.url), "type": text($0.kind?.rawValue)]) }),
            "data": .object(n.data),
            "notes": .array(n.notes.map { .string($0.description) }),
        ])
    }

    /// The Live Activity keys, each as its type or `null` (docs/cli.md).
    static func liveActivity(_ live: LiveActivityContent) -> JSONValue {
        func int(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
        return .object([
            "event": live.event.map { .string($0.rawValue) } ?? .null,
            "timestamp": int(live.timestamp),
            "contentState": live.contentState ?? .null,
            "staleDate": int(live.staleDate),
            "dismissalDate": int(live.dismissalDate),
            "attributesType": live.attributesType.map(JSONValue.string) ?? .null,
            "attributes": live.attributes ?? .null,
            "inputPushToken": .bool(live.inputPushToken),
            "inputPushChannel": live.inputPushChannel.map(JSONValue.string) ?? .null,
        ])
    }

    /// A table for people.
    static func text(_ n: PushNotification) -> String {
        var rows: [(String, String)] = [("provider", n.provider.rawValue), ("id", n.id ?? "-")]
        rows.append(("title", n.content.title ?? "-"))
        if let subtitle = n.content.subtitle { rows.append(("subtitle", subtitle)) }
        rows.append(("body", n.content.body ?? "-"))
        if let badge = n.aps.badge { rows.append(("badge", String(badge))) }
        if let sound = n.aps.sound { rows.append(("sound", sound.name + (sound.isCritical ? " (critical)" : ""))) }
        if let category = n.aps.category { rows.append(("category", category)) }
        if let thread = n.aps.threadID { rows.append(("thread", thread)) }
        var flags: [String] = []
        if n.aps.contentAvailable { flags.append("content-available") }
        if n.aps.mutableContent { flags.append("mutable-content") }
        if n.isSilent { flags.append("silent") }
        if !flags.isEmpty { rows.append(("flags", flags.joined(separator: ", "))) }
        if let level = n.aps.interruptionLevel { rows.append(("interruption", level.rawValue)) }
        if let score = n.aps.relevanceScore { rows.append(("relevance", "\(score)")) }
        if let live = n.aps.liveActivity { rows += activityRows(live) }
        rows.append(("link", n.link ?? "-"))
        for attachment in n.attachments {
            rows.append(("attachment", attachment.url + (attachment.kind.map { " (\($0.rawValue))" } ?? "")))
        }
        let data = JSONWriter.serialize(.object(n.data), pretty: true)
        rows.append(("data", data.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: 14))))
        for note in n.notes { rows.append(("note", note.description)) }
        return rows.map { label, value in
            label + String(repeating: " ", count: max(1, 14 - label.count)) + value
        }.joined(separator: "\n")
    }

    /// The Live Activity rows of the table: the event, its dates and its content.
    private static func activityRows(_ live: LiveActivityContent) -> [(String, String)] {
        var event = live.event?.rawValue ?? "-"
        if let timestamp = live.timestamp { event += " at \(timestamp)" }
        if let type = live.attributesType { event += " (\(type))" }
        var rows: [(String, String)] = [("activity", event)]
        if let state = live.contentState { rows.append(("state", JSONWriter.serialize(state))) }
        if let attributes = live.attributes { rows.append(("attributes", JSONWriter.serialize(attributes))) }
        if let stale = live.staleDate { rows.append(("stale", String(stale))) }
        if let dismissal = live.dismissalDate { rows.append(("dismissal", String(dismissal))) }
        if live.inputPushToken { rows.append(("input", "push token")) }
        if let channel = live.inputPushChannel { rows.append(("input", "channel \(channel)")) }
        return rows
    }
}
