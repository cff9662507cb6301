import HeraldShared

/// The `android` block of a message: delivery options and the Android notification.
public struct FCMAndroidConfig: Sendable, Hashable {
    /// How FCM delivers: `normal` may wait for the device to wake, `high` wakes it.
    public enum Priority: String, Sendable, Hashable {
        case normal = "NORMAL", high = "HIGH"
    }

    /// Messages with the same key replace each other while the device is offline.
    public var collapseKey: String?
    /// Seconds FCM keeps the message for an offline device (encoded as `"Ns"`); FCM allows up to 28 days.
    public var ttl: Int?
    public var priority: Priority?
    public var notification: FCMAndroidNotification?

    public init(collapseKey: String? = nil, ttl: Int? = nil, priority: Priority? = nil, notification: FCMAndroidNotification? = nil) {
        self.collapseKey = collapseKey
        self.ttl = ttl
        self.priority = priority
        self.notification = notification
    }

    var json: JSONValue {
        var object = FCMMessage.strings(["collapse_key": collapseKey, "priority": priority?.rawValue, "ttl": ttl.map { "\($0)s" }])
        if let notification { object["notification"] = notification.json }
        return .object(object)
    }
}

/// The Android notification: its channel, image, tap action, sound, tag and look.
public struct FCMAndroidNotification: Sendable, Hashable {
    public var title: String?
    public var body: String?
    /// The notification channel (Android 8+); the app must have created it.
    public var channelID: String?
    public var image: String?
    /// The activity intent filter to open on tap.
    public var clickAction: String?
    public var sound: String?
    /// Notifications with the same tag replace each other in the drawer.
    public var tag: String?
    /// `#rrggbb`.
    public var color: String?
    public var icon: String?

    public init(
        title: String? = nil, body: String? = nil, channelID: String? = nil, image: String? = nil, clickAction: String? = nil,
        sound: String? = nil, tag: String? = nil, color: String? = nil, icon: String? = nil
    ) {
        self.title = title
        self.body = body
        self.channelID = channelID
        self.image = image
        self.clickAction = clickAction
        self.sound = sound
        self.tag = tag
        self.color = color
        self.icon = icon
    }

    var json: JSONValue {
        .object(
            FCMMessage.strings([
                "title": title, "body": body, "channel_id": channelID, "image": image, "click_action": clickAction, "sound": sound,
                "tag": tag, "color": color, "icon": icon,
            ]))
    }
}
