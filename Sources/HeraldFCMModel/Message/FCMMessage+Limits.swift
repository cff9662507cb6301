import HeraldShared

extension FCMMessage {
    /// FCM's largest message: 4096 bytes of payload (the message without its token).
    public static let maxPayloadBytes = 4096
    /// Data keys FCM reserves for itself.
    public static let reservedDataKeys: Set<String> = ["from", "notification", "message_type"]
    /// Data key prefixes FCM reserves for itself.
    public static let reservedDataPrefixes = ["google.", "gcm."]
    /// The longest `ttl` FCM allows: 28 days.
    public static let maxTTL = 28 * 24 * 3600

    /// What a reserved data key is told.
    static let reservedKeyAdvice = "is reserved by FCM (from, notification, message_type, google.*, gcm.*); rename the key"

    /// Whether FCM keeps `key` for itself in `data`.
    public static func isReservedDataKey(_ key: String) -> Bool {
        reservedDataKeys.contains(key) || reservedDataPrefixes.contains(where: { key.hasPrefix($0) })
    }

    /// Throws the first of FCM's rules the message breaks (FCM would answer `INVALID_ARGUMENT`).
    public func check() throws(FCMMessageError) {
        guard !token.isEmpty else { throw FCMMessageError(field: "token", "empty; give the device's FCM registration token") }
        for key in data.keys.sorted() {
            if key.isEmpty { throw FCMMessageError(field: "data", "a key is empty") }
            if Self.isReservedDataKey(key) {
                throw FCMMessageError(field: "data.\(key)", Self.reservedKeyAdvice)
            }
        }
        if let ttl = android?.ttl, !(0...Self.maxTTL).contains(ttl) {
            throw FCMMessageError(field: "android.ttl", "\(ttl) s is outside 0...\(Self.maxTTL) (28 days)")
        }
        if let color = android?.notification?.color, !Self.isColor(color) {
            throw FCMMessageError(field: "android.notification.color", "\"\(color)\" is not #rrggbb")
        }
        var payload = json.objectValue ?? [:]
        payload["token"] = nil
        let size = JSONWriter.compactByteCount(.object(payload))
        guard size <= Self.maxPayloadBytes else {
            throw FCMMessageError(
                field: "message", "\(size) bytes is over FCM's \(Self.maxPayloadBytes)-byte limit; shorten the data or the text")
        }
    }

    static func isColor(_ text: String) -> Bool {
        text.utf8.count == 7 && text.hasPrefix("#") && text.dropFirst().allSatisfy(\.isHexDigit)
    }
}

/// A message FCM would refuse: which field, and why.
public struct FCMMessageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault: `token`, `data.google.x`, `android.ttl`, `message`.
    public var field: String
    public var message: String

    public init(field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    /// Always `unsendable`: the same message fails the same way.
    public var errorClass: FCMErrorClass { .unsendable }

    public var description: String { "\(field): \(message)" }
}
