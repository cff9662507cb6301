import HeraldShared

/// What only Android has, from a publish's `android` object: the channel, sound, tag,
/// look, tap action, delivery options and data overrides. Every field is optional; what
/// is given wins over what the renderer derives from the rest of the publish.
public struct FCMAndroidOptions: Sendable, Hashable {
    public var channelID: String?
    public var sound: String?
    public var tag: String?
    /// `#rrggbb`.
    public var color: String?
    public var icon: String?
    public var clickAction: String?
    public var priority: FCMAndroidConfig.Priority?
    /// Seconds, 0 to 28 days.
    public var ttl: Int?
    public var collapseKey: String?
    /// Data keys to add or replace; values that are not strings are sent as JSON text.
    public var data: [String: String]

    public init(
        channelID: String? = nil, sound: String? = nil, tag: String? = nil, color: String? = nil, icon: String? = nil,
        clickAction: String? = nil, priority: FCMAndroidConfig.Priority? = nil, ttl: Int? = nil, collapseKey: String? = nil,
        data: [String: String] = [:]
    ) {
        self.channelID = channelID
        self.sound = sound
        self.tag = tag
        self.color = color
        self.icon = icon
        self.clickAction = clickAction
        self.priority = priority
        self.ttl = ttl
        self.collapseKey = collapseKey
        self.data = data
    }

    static let textFields = ["channelId", "sound", "tag", "color", "icon", "clickAction", "collapseKey"]
    static let fields = Set(textFields + ["priority", "ttl", "data"])

    /// Reads the `android` object; `path` names it in errors (`android`, `herald.android`).
    /// Throws the first bad field with its JSON path and how to fix it.
    public init(json: JSONValue, path: String = "android") throws(FCMMessageError) {
        guard let object = json.objectValue else { throw FCMMessageError(field: path, "is not a JSON object") }
        if let other = object.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw FCMMessageError(field: "\(path).\(other)", "is not an Android option: \(Self.fields.sorted().joined(separator: ", "))")
        }
        var text: [String: String] = [:]
        for name in Self.textFields {
            guard let value = object[name] else { continue }
            guard let string = value.stringValue, !string.isEmpty else {
                throw FCMMessageError(field: "\(path).\(name)", "must be a non-empty string, found \(value.typeDescription)")
            }
            text[name] = string
        }
        self.init(
            channelID: text["channelId"], sound: text["sound"], tag: text["tag"], color: text["color"], icon: text["icon"],
            clickAction: text["clickAction"], collapseKey: text["collapseKey"])
        if let color, !FCMMessage.isColor(color) {
            throw FCMMessageError(field: "\(path).color", "\"\(color)\" is not #rrggbb")
        }
        if let value = object["priority"] {
            guard let name = value.stringValue, let read = FCMAndroidConfig.Priority(rawValue: name.uppercased()) else {
                throw FCMMessageError(field: "\(path).priority", "\(value.excerpt) is not \"high\" or \"normal\"")
            }
            priority = read
        }
        if let value = object["ttl"] {
            guard let seconds = value.intValue, (0...FCMMessage.maxTTL).contains(seconds) else {
                throw FCMMessageError(field: "\(path).ttl", "\(value.excerpt) is not whole seconds from 0 to \(FCMMessage.maxTTL) (28 days)")
            }
            ttl = seconds
        }
        if let value = object["data"] {
            guard let pairs = value.objectValue else { throw FCMMessageError(field: "\(path).data", "is not a JSON object") }
            data = pairs.mapValues(FCMRenderer.dataText)
        }
    }
}
