import HeraldShared

/// The background push that tells a user's devices their inbox changed (a read or delete
/// on one device, a message taken back by the server): one per inbox per burst, scheduled
/// `delay` after the first change of the burst (`SQLStore.scheduleSync`), to the user (or
/// the device without a user), push type `background` at priority 5. It is a publish like
/// the others (its deliveries counted, its status read by id), marked as the inbox's in
/// `publishes.inbox_sync`; the API's list of publishes shows it only when asked (`internal=true`).
public enum InboxSync {
    /// Seconds from the first change of a burst to the push.
    public static let delay = 1.0

    /// `{"aps": {"content-available": 1}, "herald": {"publishId", "inbox": {"unread"}}}`.
    public static func payload(publishID: String, unread: Int) -> [UInt8] {
        let payload: JSONValue = [
            "aps": ["content-available": 1],
            "herald": ["publishId": .string(publishID), "inbox": ["unread": .int(unread)]],
        ]
        return Array(JSONWriter.serialize(payload).utf8)
    }
}
