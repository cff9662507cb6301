import HeraldShared

/// Renders one publish as the `FCMMessage` for one FCM registration token.
///
/// It lives in HeraldFCMModel, not in the gateway, because it is pure (no store, no
/// network) and both its users need it: the gateway lints a publish for Android when it
/// is made, and the FCM deliverer renders it at send time. Its input is what a publish
/// keeps, the APNs payload (the `notification` form is stored as one too) and a few
/// options, so it needs neither the gateway's nor HeraldFCM's types.
///
/// | publish | FCM message |
/// | --- | --- |
/// | `aps.alert` (string, or `title`/`body`) | `notification.title`/`body` |
/// | `herald.image` | `notification.image`, `android.notification.image` |
/// | `herald.link` | `android.notification.click_action` |
/// | `aps.sound` (string or `name`) | `android.notification.sound` |
/// | collapse id | `android.collapse_key`, `android.notification.tag` |
/// | ttl (seconds left) | `android.ttl` |
/// | priority 10 / else | `android.priority` `HIGH` / `NORMAL` |
/// | custom keys | `data`, values as strings (others as JSON text) |
/// | `herald.publishId` | `data["herald.publishId"]` |
/// | `herald.android` | the Android options, which win |
public struct FCMRenderer: Sendable {
    /// The data key that carries Herald's publish id, as `herald.publishId` does in the APNs payload.
    public static let publishIDKey = "herald.publishId"

    /// The publish's delivery options, as the gateway keeps them.
    public struct Options: Sendable, Hashable {
        /// APNs' priority: 10 renders as `HIGH`, anything else as `NORMAL`.
        public var priority: Int
        public var collapseID: String?
        /// Seconds the message may still wait (the publish's expiration minus now); `nil`: FCM's default.
        public var ttl: Int?

        public init(priority: Int = 10, collapseID: String? = nil, ttl: Int? = nil) {
            self.priority = priority
            self.collapseID = collapseID
            self.ttl = ttl
        }
    }

    public init() {}

    /// The message for `token`, checked against FCM's rules (`FCMMessage.check()`): throws
    /// the first field that is wrong, with its path, when the publish cannot go to Android.
    ///
    /// - Parameter payload: the publish's APNs payload, `{"aps": {...}, "herald": {...}, ...}`;
    ///   its `herald.android` object holds the Android options.
    public func render(_ payload: JSONValue, options: Options, token: String) throws(FCMMessageError) -> FCMMessage {
        let message = try message(payload, options: options, token: token)
        try message.check()
        return message
    }

    /// The message before FCM's rules are checked; throws only for a payload that is not an
    /// object and for bad Android options.
    func message(_ payload: JSONValue, options: Options, token: String) throws(FCMMessageError) -> FCMMessage {
        guard let object = payload.objectValue else { throw FCMMessageError(field: "payload", "is not a JSON object") }
        let aps = object["aps"]?.objectValue ?? [:]
        let herald = object["herald"]?.objectValue ?? [:]
        let android = try herald["android"].map { value throws(FCMMessageError) in try FCMAndroidOptions(json: value, path: "android") }
        var message = FCMMessage(token: token)
        let alert = aps["alert"]
        let title = alert?["title"]?.stringValue, body = alert?.stringValue ?? alert?["body"]?.stringValue
        let image = herald["image"]?.stringValue
        if title != nil || body != nil || image != nil {
            message.notification = FCMNotification(title: title, body: body, image: image)
        }
        let sound = android?.sound ?? aps["sound"].flatMap { $0.stringValue ?? $0["name"]?.stringValue }
        let look = FCMAndroidNotification(
            channelID: android?.channelID, image: image, clickAction: android?.clickAction ?? herald["link"]?.stringValue, sound: sound,
            tag: android?.tag ?? options.collapseID, color: android?.color, icon: android?.icon)
        message.android = FCMAndroidConfig(
            collapseKey: android?.collapseKey ?? options.collapseID, ttl: android?.ttl ?? options.ttl.map { max(0, $0) },
            priority: android?.priority ?? (options.priority == 10 ? .high : .normal),
            // Without a title, body or image there is nothing to show: a data message.
            notification: message.notification == nil || look == FCMAndroidNotification() ? nil : look)
        for (key, value) in object where key != "aps" && key != "herald" { message.data[key] = Self.dataText(value) }
        if let id = herald["publishId"]?.stringValue { message.data[Self.publishIDKey] = id }
        for (key, value) in android?.data ?? [:] { message.data[key] = value }
        return message
    }

    /// A data value as FCM takes it: a string as it is, anything else as compact JSON text.
    static func dataText(_ value: JSONValue) -> String {
        value.stringValue ?? JSONWriter.serialize(value)
    }
}
