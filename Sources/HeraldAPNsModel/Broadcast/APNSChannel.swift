import HeraldShared

/// A broadcast channel of an app: its id, as APNs made it, and its storage policy.
///
/// Devices subscribe to a channel with ActivityKit (`pushType: .channel(id)`, or
/// `input-push-channel` in a push-to-start); one broadcast on it updates every
/// subscribed Live Activity.
public struct APNSChannel: Sendable, Hashable {
    /// The base64 id APNs returned in `apns-channel-id`.
    public var id: String
    public var storagePolicy: APNSMessageStoragePolicy

    public init(id: String, storagePolicy: APNSMessageStoragePolicy) {
        self.id = id
        self.storagePolicy = storagePolicy
    }

    /// The `push-type` a channel carries in the channel API: Live Activities only.
    public static let pushType = "LiveActivity"

    /// Refuses what cannot be a channel id in a header: empty, too long, not base64.
    package static func checkID(_ id: String) throws(APNSRequestError) -> String {
        let base64 = id.utf8.allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B
                || byte == 0x2F || byte == 0x3D
        }
        guard !id.isEmpty, id.utf8.count <= 256, base64 else {
            throw APNSRequestError(
                "channel id", "\"\(id.prefix(80))\" is not a channel id; give the base64 id APNs returned when the channel was made (herald channel list)")
        }
        return id
    }

    /// The body of a create request: `{"message-storage-policy": N, "push-type": "LiveActivity"}`.
    package static func createBody(_ policy: APNSMessageStoragePolicy) -> [UInt8] {
        Array(JSONWriter.serialize(.object(["message-storage-policy": .int(policy.rawValue), "push-type": .string(pushType)])).utf8)
    }
}
