import HeraldCore

/// What `herald nse` prints: the delivered content, attachments, skips, time.
struct NseReport {
    var report: ServiceExtensionReport
    /// Seconds from start to delivery on the wall clock (the pipeline's own is `report.elapsed`).
    var wallTime: Double
    var directory: String
    /// False when `directory` is the command's own temporary folder, removed when it ends.
    var kept: Bool

    var text: String {
        var lines: [String] = []
        let seconds = String(format: "%.3f", report.elapsed)
        switch report.delivery {
        case .unchanged(let reason):
            lines.append("delivered unchanged in \(seconds) s (\(report.trigger.rawValue)): \(reason)")
        case .modified(let content):
            lines.append("delivered in \(seconds) s (\(report.trigger.rawValue))")
            for (label, value) in [
                ("title", content.title), ("subtitle", content.subtitle), ("body", content.body), ("category", content.categoryIdentifier),
                ("thread", content.threadIdentifier), ("sound", content.sound.map(Self.soundText)), ("badge", content.badge.map { "\($0)" }),
            ] {
                if let value { lines.append("  \(label): \(value)") }
            }
            for file in content.attachments {
                lines.append(
                    "  attachment: \(file.path) (\(file.format.rawValue), \(file.format.kind.rawValue), \(file.bytes) bytes) from \(file.source)"
                )
            }
            if !kept, !content.attachments.isEmpty { lines.append("  out: \(directory), removed on exit (--out DIR keeps the files)") }
        }
        for skip in report.skipped { lines.append("  skipped: \(skip.source): \(skip.skip)") }
        for note in report.notes { lines.append("  note: \(note)") }
        return lines.joined(separator: "\n")
    }

    var json: String {
        let content = report.delivery.content
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        let object: JSONValue = [
            "delivered": true,
            "trigger": .string(report.trigger.rawValue),
            "elapsed": .double(report.elapsed),
            "unchanged": {
                if case .unchanged(let reason) = report.delivery { return .string(reason) }
                return .null
            }(),
            "content": content.map { content in
                [
                    "title": text(content.title), "subtitle": text(content.subtitle), "body": text(content.body),
                    "category": text(content.categoryIdentifier), "thread": text(content.threadIdentifier),
                    "sound": content.sound.map(Self.soundJSON) ?? .null, "badge": content.badge.map { .int($0) } ?? .null,
                ]
            } ?? .null,
            "attachments": .array(
                (content?.attachments ?? []).map { file in
                    [
                        "source": .string(file.source), "path": .string(file.path), "format": .string(file.format.rawValue),
                        "kind": .string(file.format.kind.rawValue), "bytes": .int(file.bytes),
                    ]
                }),
            "skipped": .array(report.skipped.map { ["source": .string($0.source), "reason": .string($0.skip.description)] }),
            "notes": .array(report.notes.map { .string($0) }),
            "out": .string(directory),
        ]
        return JSONWriter.serialize(object)
    }

    /// The sound as iOS plays it: its name, or for a critical one
    /// `{"critical": true, "name": …, "volume": …}` (volume clamped to 0...1, `null` when unset).
    static func soundJSON(_ sound: Sound) -> JSONValue {
        switch sound.systemSound {
        case .systemDefault: return "default"
        case .named(let name): return .string(name)
        case .criticalDefault(let volume): return ["critical": true, "name": "default", "volume": volume.map(JSONValue.double) ?? .null]
        case .critical(let name, let volume): return ["critical": true, "name": .string(name), "volume": volume.map(JSONValue.double) ?? .null]
        }
    }

    /// The sound for people: `alarm.caf (critical, volume 0.8)`.
    static func soundText(_ sound: Sound) -> String {
        switch sound.systemSound {
        case .systemDefault: return "default"
        case .named(let name): return name
        case .criticalDefault(let volume): return "default (critical" + (volume.map { ", volume \($0)" } ?? "") + ")"
        case .critical(let name, let volume): return name + " (critical" + (volume.map { ", volume \($0)" } ?? "") + ")"
        }
    }
}
