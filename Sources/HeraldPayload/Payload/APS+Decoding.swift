import HeraldShared

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
        var live: LiveActivityContent?
        // One pass over the keys present: real payloads carry few of the many keys.
        for (key, value) in object {
            switch key {
            case Key.alert: aps.alert = Alert.decode(value, path: "\(path).\(Key.alert)", notes: &reader.notes)
            case Key.badge: aps.badge = reader.int(key).flatMap { badge in
                guard badge < 0 else { return badge }
                reader.notes.append(DecodingNote(path: "\(path).\(Key.badge)", problem: "a badge cannot be negative (\(badge))", outcome: "ignored", severity: .error))
                return nil
            }
            case Key.sound: aps.sound = Sound.decode(value, path: "\(path).\(Key.sound)", notes: &reader.notes)
            case Key.threadID: aps.threadID = reader.string(key)
            case Key.category: aps.category = reader.string(key)
            case Key.contentAvailable: aps.contentAvailable = reader.flag(key)
            case Key.mutableContent: aps.mutableContent = reader.flag(key)
            case Key.targetContentID: aps.targetContentID = reader.string(key)
            case Key.interruptionLevel: aps.interruptionLevel = reader.string(key).map(InterruptionLevel.init(rawValue:))
            case Key.relevanceScore: aps.relevanceScore = reader.double(key)
            case Key.filterCriteria: aps.filterCriteria = reader.string(key)
            case LiveActivityContent.Key.timestamp: live.edit { $0.timestamp = reader.int(key) }
            case LiveActivityContent.Key.event: live.edit { $0.event = reader.string(key).map(LiveActivityEvent.init(rawValue:)) }
            case LiveActivityContent.Key.contentState: live.edit { $0.contentState = value }
            case LiveActivityContent.Key.staleDate: live.edit { $0.staleDate = reader.int(key) }
            case LiveActivityContent.Key.dismissalDate: live.edit { $0.dismissalDate = reader.int(key) }
            case LiveActivityContent.Key.attributesType: live.edit { $0.attributesType = reader.string(key) }
            case LiveActivityContent.Key.attributes: live.edit { $0.attributes = value }
            case LiveActivityContent.Key.inputPushToken: live.edit { $0.inputPushToken = reader.flag(key) }
            case LiveActivityContent.Key.inputPushChannel: live.edit { $0.inputPushChannel = reader.string(key) }
            default: aps.unknown[key] = value
            }
        }
        aps.liveActivity = live
        // Dictionary order changes between processes; notes come out sorted so output is stable.
        reader.notes.sort { $0.path < $1.path }
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
            var alert = Alert()
            for (key, member) in object {
                switch key {
                case Key.title: alert.title = reader.string(key)
                case Key.subtitle: alert.subtitle = reader.string(key)
                case Key.body: alert.body = reader.string(key)
                case Key.launchImage: alert.launchImage = reader.string(key)
                case Key.titleLocKey: alert.titleLocKey = reader.string(key)
                case Key.titleLocArgs: alert.titleLocArgs = reader.strings(key)
                case Key.subtitleLocKey: alert.subtitleLocKey = reader.string(key)
                case Key.subtitleLocArgs: alert.subtitleLocArgs = reader.strings(key)
                case Key.locKey: alert.locKey = reader.string(key)
                case Key.locArgs: alert.locArgs = reader.strings(key)
                default: alert.unknown[key] = member
                }
            }
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

extension Optional where Wrapped == LiveActivityContent {
    /// Sets a Live Activity field, creating the content on first use.
    fileprivate mutating func edit(_ change: (inout LiveActivityContent) -> Void) {
        var content = self ?? LiveActivityContent()
        change(&content)
        self = content
    }
}
