import HeraldShared

/// One FCM HTTP v1 message to one registration token, encoded as `{"message": …}`.
///
/// ```swift
/// var message = FCMMessage(token: registrationToken)
/// message.notification = .init(title: "Order shipped", body: "It arrives Tuesday")
/// message.android = .init(ttl: 3600, priority: .high, notification: .init(channelID: "orders"))
/// message.data = ["order": "A-1042"]
/// let body = try message.body()   // checked against FCM's limits first
/// ```
public struct FCMMessage: Sendable, Hashable {
    /// The device's registration token.
    public var token: String
    public var notification: FCMNotification?
    public var android: FCMAndroidConfig?
    /// Custom key-value pairs, strings only (FCM's rule); some keys are reserved (`checked()`).
    public var data: [String: String]

    public init(token: String, notification: FCMNotification? = nil, android: FCMAndroidConfig? = nil, data: [String: String] = [:]) {
        self.token = token
        self.notification = notification
        self.android = android
        self.data = data
    }

    /// The `message` object.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["token": .string(token)]
        if let notification { object["notification"] = notification.json }
        if let android { object["android"] = android.json }
        if !data.isEmpty { object["data"] = .object(data.mapValues { .string($0) }) }
        return .object(object)
    }

    /// The request body, `{"message": …}`, after `check()`.
    public func body() throws(FCMMessageError) -> [UInt8] {
        try check()
        return Array(JSONWriter.serialize(["message": json]).utf8)
    }
}

/// The notification every platform shows: title, body and an image URL.
public struct FCMNotification: Sendable, Hashable {
    public var title: String?
    public var body: String?
    public var image: String?

    public init(title: String? = nil, body: String? = nil, image: String? = nil) {
        self.title = title
        self.body = body
        self.image = image
    }

    var json: JSONValue { .object(FCMMessage.strings(["title": title, "body": body, "image": image])) }
}

extension FCMMessage {
    /// The fields that are set, as JSON strings.
    static func strings(_ fields: [String: String?]) -> [String: JSONValue] {
        fields.compactMapValues { $0.map { .string($0) } }
    }
}
