import HeraldShared

/// A notification the simulator accepted, as it would reach the device.
public struct RecordedNotification: Sendable, Hashable {
    /// The device token; empty for a broadcast, which goes to a channel.
    public var token: String
    public var topic: String
    public var pushType: String
    public var priority: Int
    public var expiration: Int?
    public var collapseID: String?
    /// The `apns-id` the simulator answered with (the request's, or a new UUID).
    public var apnsID: String
    /// The payload bytes as sent (valid JSON).
    public var payload: [UInt8]
    /// The channel of a broadcast (`apns-channel-id`); `nil` for a notification to a device.
    public var channelID: String? = nil

    /// One JSON object on one line (the `--record` file format), keys sorted; a broadcast
    /// has its `channelId` and a null `token`, a notification the reverse. For a broadcast
    /// `apnsId` is the `apns-request-id` and `topic` the bundle id.
    public var jsonLine: String {
        func text(_ value: String) -> String { JSONWriter.serialize(.string(value)) }
        var line = "{\"apnsId\":" + text(apnsID)
        line += ",\"channelId\":" + (channelID.map(text) ?? "null")
        line += ",\"collapseId\":" + (collapseID.map(text) ?? "null")
        line += ",\"expiration\":" + (expiration.map(String.init) ?? "null")
        line += ",\"payload\":" + String(decoding: payload, as: UTF8.self)
        line += ",\"priority\":" + String(priority)
        line += ",\"pushType\":" + text(pushType)
        line += ",\"token\":" + (channelID == nil ? text(token) : "null")
        line += ",\"topic\":" + text(topic) + "}"
        return line
    }
}
