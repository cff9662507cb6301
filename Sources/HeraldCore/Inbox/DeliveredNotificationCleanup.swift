/// A notification still in the system's notification list, as the Apple adapter lists it
/// (`getDeliveredNotifications`): its request identifier and its payload (`userInfo`).
public struct DeliveredNotification: Sendable, Hashable {
    public var identifier: String
    public var payload: JSONValue

    public init(identifier: String, payload: JSONValue) {
        self.identifier = identifier
        self.payload = payload
    }
}

/// Decides which delivered notifications leave the notification list: those whose message
/// the inbox has read or deleted (here or, after a sync, on another device). The Apple
/// adapter passes the identifiers to `removeDeliveredNotifications(withIdentifiers:)`.
public enum DeliveredNotificationCleanup {
    /// The identifiers to remove, in the order given; notifications without an id, or
    /// whose message is unread or unknown to the inbox, stay.
    public static func identifiers(
        toRemove delivered: [DeliveredNotification], inbox: Inbox, decoder: PayloadDecoder = PayloadDecoder()
    ) throws -> [String] {
        let state = try inbox.state()
        let read = Set(state.items.filter(\.isRead).map(\.id))
        return delivered.compactMap { notification in
            guard let id = try? decoder.decode(notification.payload).id else { return nil }
            return read.contains(id) || state.deletedIDs.contains(id) ? notification.identifier : nil
        }
    }
}
