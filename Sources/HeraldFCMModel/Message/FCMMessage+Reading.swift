import HeraldShared

extension FCMMessage {
    /// Reads a message from JSON: `{"message": {...}}` or the message object itself, with
    /// `token`, `notification`, `android` and `data` as FCM spells them (`token` may be left
    /// out and given as `token`). Throws the first field that has the wrong type, or that
    /// Herald does not send (`apns`, `webpush`).
    public init(json: JSONValue, token: String? = nil) throws(FCMMessageError) {
        let root = json["message"] ?? json
        guard let object = root.objectValue else { throw FCMMessageError(field: "message", "is not a JSON object") }
        let known: Set<String> = ["token", "notification", "android", "data"]
        if let other = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw FCMMessageError(field: other, "is not a message field Herald sends (token, notification, android, data)")
        }
        let notification = try object["notification"].map { value throws(FCMMessageError) in
            let fields = try Self.strings(value, "notification", ["title", "body", "image"])
            return FCMNotification(title: fields["title"], body: fields["body"], image: fields["image"])
        }
        let android = try object["android"].map { value throws(FCMMessageError) in try FCMAndroidConfig(json: value) }
        let data = try object["data"].map { value throws(FCMMessageError) in try Self.strings(value, "data", nil) } ?? [:]
        guard let token = token ?? object["token"]?.stringValue else {
            throw FCMMessageError(field: "token", "missing; give the device's registration token")
        }
        self.init(token: token, notification: notification, android: android, data: data)
    }

    /// The string fields of `value` (an object); `allowed` limits the names (`nil`: any).
    static func strings(_ value: JSONValue, _ field: String, _ allowed: Set<String>?) throws(FCMMessageError) -> [String: String] {
        guard let object = value.objectValue else { throw FCMMessageError(field: field, "is not a JSON object") }
        var out: [String: String] = [:]
        for (key, item) in object.sorted(by: { $0.key < $1.key }) {
            if let allowed, !allowed.contains(key) {
                throw FCMMessageError(field: "\(field).\(key)", "is not one of \(allowed.sorted().joined(separator: ", "))")
            }
            guard let text = item.stringValue else { throw FCMMessageError(field: "\(field).\(key)", "must be a string") }
            out[key] = text
        }
        return out
    }
}

extension FCMAndroidConfig {
    /// Reads the `android` block: `collapse_key`, `ttl` (`"3600s"`), `priority` (`NORMAL`/`HIGH`), `notification`.
    init(json: JSONValue) throws(FCMMessageError) {
        guard let object = json.objectValue else { throw FCMMessageError(field: "android", "is not a JSON object") }
        var top = object
        top["notification"] = nil
        let fields = try FCMMessage.strings(.object(top), "android", ["collapse_key", "ttl", "priority"])
        var ttl: Int?
        if let text = fields["ttl"] {
            guard text.hasSuffix("s"), let seconds = Int(text.dropLast()) else {
                throw FCMMessageError(field: "android.ttl", "\"\(text)\" is not whole seconds such as \"3600s\"")
            }
            ttl = seconds
        }
        var priority: Priority?
        if let text = fields["priority"] {
            guard let read = Priority(rawValue: text.uppercased()) else {
                throw FCMMessageError(field: "android.priority", "\"\(text)\" is not NORMAL or HIGH")
            }
            priority = read
        }
        let notification = try object["notification"].map { value throws(FCMMessageError) in
            let names: Set<String> = ["title", "body", "channel_id", "image", "click_action", "sound", "tag", "color", "icon"]
            let f = try FCMMessage.strings(value, "android.notification", names)
            return FCMAndroidNotification(
                title: f["title"], body: f["body"], channelID: f["channel_id"], image: f["image"], clickAction: f["click_action"],
                sound: f["sound"], tag: f["tag"], color: f["color"], icon: f["icon"])
        }
        self.init(collapseKey: fields["collapse_key"], ttl: ttl, priority: priority, notification: notification)
    }
}
