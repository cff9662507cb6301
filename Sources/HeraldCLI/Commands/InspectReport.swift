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
            "link": text(n.link),
            "attachments": .array(n.attachments.map { .object(["url": .string($0.url), "type": text($0.kind?.rawValue)]) }),
            "data": .object(n.data),
            "notes": .array(n.notes.map { .string($0.description) }),
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
}
