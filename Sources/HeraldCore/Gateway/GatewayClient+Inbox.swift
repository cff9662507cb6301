import Foundation

/// The inbox the gateway keeps for the device's user (or the device), synced by cursor into
/// the `Inbox` the app and its extensions share: no message twice (a push and the synced
/// message are one item), the gateway's state wins for read and deleted, and local reads
/// and deletes wait in the inbox until the gateway acknowledges them.
extension GatewayClient {
    /// Messages per page, and ids per read or delete request (the gateway's limit).
    static let inboxPageSize = 100
    static let inboxIDsPerRequest = 500

    /// Sends the reads and deletes not yet sent, then brings `inbox` up to date page by page
    /// from its cursor (from the start without one, or when the gateway refuses it as
    /// `invalid_cursor`). Call it at launch and when the app becomes active, on a push that
    /// carries `herald.inbox` (`isInboxSyncPush`), and on demand. Returns the gateway's
    /// unread count; what was synced before a failure is kept.
    @discardableResult
    public func syncInbox(_ inbox: Inbox) async throws(GatewayClientError) -> Int {
        try await sendInboxChanges(inbox)
        var cursor = try kept { try inbox.cursor() }
        // What the listing must bring, or it was deleted while this inbox did not follow
        // (from the start, deleted messages are not listed).
        var fromStart = cursor == nil
        var expected = try kept { try inbox.idsToConfirm(fromStart: fromStart) }
        var listed: Set<String> = []
        while true {
            let page: JSONValue
            do {
                page = try await deviceCall("GET", expect: [200]) { state in
                    ("devices/\(state.deviceID)/inbox?\(Self.inboxQuery(after: cursor))", .null)
                }
            } catch where cursor != nil && error.reason == .http(status: 400, code: "invalid_cursor") {
                logger.log(.warning, "herald gateway: the inbox cursor was refused; syncing from the start: \(error.message)")
                cursor = nil
                fromStart = true
                expected = try kept { try inbox.idsToConfirm(fromStart: true) }
                listed = []
                continue
            }
            guard let listing = page["messages"]?.arrayValue, let next = page["cursor"]?.stringValue, let more = page["more"]?.boolValue
            else {
                throw GatewayClientError(.unexpectedResponse, "GET inbox: the answer has no messages, cursor or more: \(page)")
            }
            let messages = listing.compactMap(InboxMessage.init(json:))
            if let bad = listing.first(where: { InboxMessage(json: $0) == nil }) {
                throw GatewayClientError(
                    .unexpectedResponse, "GET inbox: a message without id, createdAt, read or deleted (nothing of the page was kept): \(bad)")
            }
            // From the start, the cursor is kept only with the last page: a sync cut short starts over.
            try kept { try inbox.apply(messages, cursor: fromStart && more ? nil : next) }
            listed.formUnion(messages.map(\.id))
            cursor = next
            guard more else {
                let gone = expected.subtracting(listed)
                if !gone.isEmpty {
                    let deleted = gone.sorted().map { InboxMessage(id: $0, createdAt: 0, deleted: true) }
                    try kept { try inbox.apply(deleted, cursor: next) }
                }
                if let unread = page["unread"]?.intValue { return unread }
                return try kept { try inbox.unreadCount() }
            }
        }
    }

    /// Marks messages read here (at once: the badge and list follow) and at the gateway, so
    /// on every device of the user. Offline, the reads wait in the inbox and the next sync
    /// sends them; the error says why they were not sent now.
    public func markInboxRead(_ ids: [String], in inbox: Inbox) async throws(GatewayClientError) {
        try kept { try inbox.markRead(ids) }
        try await sendInboxChanges(inbox)
    }

    /// Deletes messages here and at the gateway, like `markInboxRead`.
    public func deleteFromInbox(_ ids: [String], in inbox: Inbox) async throws(GatewayClientError) {
        try kept { try inbox.delete(ids) }
        try await sendInboxChanges(inbox)
    }

    /// Whether a push asks the device to sync its inbox (it carries `herald.inbox`, as the
    /// background push after a read or delete on another device does).
    public static func isInboxSyncPush(_ payload: JSONValue) -> Bool {
        payload["herald"]?["inbox"] != nil
    }

    /// Whether a push is of a publish that keeps an inbox message (the gateway marks it
    /// `herald.inboxMessage`): only such a push follows the inbox's rules on the device.
    nonisolated public static func isInboxMessagePush(_ payload: JSONValue) -> Bool {
        payload["herald"]?["inboxMessage"] == true
    }

    /// Sends the pending deletes, then the pending reads; each acknowledged chunk leaves the inbox's pending list.
    func sendInboxChanges(_ inbox: Inbox) async throws(GatewayClientError) {
        let pending = try kept { try inbox.pendingChanges() }
        for (action, ids) in [("delete", pending.delete), ("read", pending.read)] {
            for start in stride(from: 0, to: ids.count, by: Self.inboxIDsPerRequest) {
                let chunk = Array(ids[start..<min(ids.count, start + Self.inboxIDsPerRequest)])
                _ = try await deviceCall("POST", "inbox/\(action)", body: ["ids": .array(chunk.map(JSONValue.string))])
                try kept { try inbox.acknowledge(read: action == "read" ? chunk : [], delete: action == "delete" ? chunk : []) }
            }
        }
    }

    static func inboxQuery(after cursor: String?) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&+=?#")
        let after = cursor.map { "after=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0)&" } ?? ""
        return after + "limit=\(inboxPageSize)"
    }

    /// Runs an inbox change; a storage failure becomes a `.storage` error.
    func kept<T>(_ body: () throws -> T) throws(GatewayClientError) -> T {
        do {
            return try body()
        } catch {
            throw GatewayClientError(.storage, "the inbox could not be read or written: \(Self.reason(error))")
        }
    }
}
