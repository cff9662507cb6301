extension APS {
    /// Reads `aps` leniently: every value Herald can make sense of is kept, every
    /// coercion or drop is reported in `notes`. Never fails.
    public static func decode(_ value: JSONValue, path: String = "aps", notes: inout [DecodingNote]) -> APS {
        guard let object = value.objectValue else {
            notes.append(DecodingNote(path: path, problem: "expected an object, found \(value.typeDescription)", outcome: "ignored", severity: .error))
            return APS()
        }
        var reader = LenientReader(object, path: path)
        var aps = APS()
        if let alert = object[Key.alert] {
            aps.alert = Alert.decode(alert, path: "\(path).\(Key.alert)", notes: &reader.notes)
        }
        if let badge = reader.int(Key.badge) {
            if badge < 0 {
                reader.notes.append(DecodingNote(path: "\(path).\(Key.badge)", problem: "a badge cannot be negative (\(badge))", outcome: "ignored", severity: .error))
            } else {
                aps.badge = badge
            }
        }
        aps.sound = Sound.decode(object[Key.sound], path: "\(path).\(Key.sound)", notes: &reader.notes)
        aps.threadID = reader.string(Key.threadID)
        aps.category = reader.string(Key.category)
        aps.contentAvailable = reader.flag(Key.contentAvailable)
        aps.mutableContent = reader.flag(Key.mutableContent)
        aps.targetContentID = reader.string(Key.targetContentID)
        aps.interruptionLevel = reader.string(Key.interruptionLevel).map(InterruptionLevel.init(rawValue:))
        aps.relevanceScore = reader.double(Key.relevanceScore)
        aps.filterCriteria = reader.string(Key.filterCriteria)
        if Key.liveActivity.contains(where: { object[$0] != nil }) {
            aps.liveActivity = LiveActivityContent(
                timestamp: reader.int("timestamp"), event: reader.string("event"),
                contentState: object["content-state"], staleDate: reader.int("stale-date"),
                dismissalDate: reader.int("dismissal-date"), attributesType: reader.string("attributes-type"),
                attributes: object["attributes"])
        }
        aps.unknown = object.filter { !Key.all.contains($0.key) }
        notes += reader.notes
        return aps
    }
}

extension Alert {
    /// Reads `aps.alert`: a string is the body; a dictionary has Apple's keys.
    static func decode(_ value: JSONValue, path: String, notes: inout [DecodingNote]) -> Alert? {
        switch value {
        case .null:
            return nil
        case .string(let body):
            return Alert(body: body)
        case .object(let object):
            var reader = LenientReader(object, path: path)
            let alert = Alert(
                title: reader.string(Key.title), subtitle: reader.string(Key.subtitle), body: reader.string(Key.body),
                launchImage: reader.string(Key.launchImage), titleLocKey: reader.string(Key.titleLocKey),
                titleLocArgs: reader.strings(Key.titleLocArgs), subtitleLocKey: reader.string(Key.subtitleLocKey),
                subtitleLocArgs: reader.strings(Key.subtitleLocArgs), locKey: reader.string(Key.locKey),
                locArgs: reader.strings(Key.locArgs),
                unknown: object.filter { !Self.knownKeys.contains($0.key) })
            notes += reader.notes
            return alert
        default:
            if let text = value.scalarText {
                notes.append(DecodingNote(path: path, problem: "expected a string or an object, found \(value.excerpt)", outcome: "read as the body \"\(text)\"", severity: .error))
                return Alert(body: text)
            }
            notes.append(DecodingNote(path: path, problem: "expected a string or an object, found \(value.typeDescription)", outcome: "ignored", severity: .error))
            return nil
        }
    }

    static let knownKeys: Set<String> = [
        Key.title, Key.subtitle, Key.body, Key.launchImage, Key.titleLocKey, Key.titleLocArgs, Key.subtitleLocKey,
        Key.subtitleLocArgs, Key.locKey, Key.locArgs, Key.actionLocKey, Key.summaryArg, Key.summaryArgCount,
    ]
}

extension Sound {
    /// Reads `aps.sound`: a file name, or `{critical, name, volume}`.
    static func decode(_ value: JSONValue?, path: String, notes: inout [DecodingNote]) -> Sound? {
        guard let value, !value.isNull else { return nil }
        if let name = value.stringValue { return Sound(name: name) }
        guard let object = value.objectValue else {
            notes.append(DecodingNote(path: path, problem: "expected a string or an object, found \(value.excerpt)", outcome: "ignored", severity: .error))
            return nil
        }
        var reader = LenientReader(object, path: path)
        let critical = reader.flag("critical")
        let volume = reader.double("volume")
        let name = reader.string("name")
        if name == nil {
            reader.notes.append(DecodingNote(path: "\(path).name", problem: "a sound dictionary needs a name", outcome: "read as \"default\"", severity: .error))
        }
        notes += reader.notes
        return Sound(name: name ?? "default", isCritical: critical, volume: volume)
    }
}
