import Foundation

/// The notifications the app received, with read / unread / deleted, on disk in a
/// folder the app and its extensions share, bounded by a capacity; and the badge that
/// both compute from it, so they never disagree.
public final class Inbox: @unchecked Sendable {
    public let log: AppendLog
    public let capacity: Int
    private let now: @Sendable () -> Double
    private let logger: any HeraldLogger

    public init(
        directory: URL, capacity: Int = 200, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        logger: any HeraldLogger = SilentLogger()
    ) throws {
        log = try AppendLog(directory: directory, name: "inbox.log")
        self.capacity = max(1, capacity)
        self.now = now
        self.logger = logger
    }

    /// Adds a received notification; `false` when it has no id, is there already, or was deleted.
    @discardableResult
    public func add(_ notification: PushNotification) throws -> Bool {
        guard let item = InboxItem(notification, at: now()) else { return false }
        let added = try change { state in state.contains(item.id) ? [] : [item.json] }
        if added { try compactIfNeeded() }
        return added
    }

    /// Marks an item read (opening a notification does this); with the gateway's inbox, the
    /// read is kept as pending until a sync sends it.
    public func markRead(_ id: String) throws {
        try markRead([id])
    }

    public func markRead(_ ids: [String]) throws {
        try change { state in
            Set(ids).sorted().filter { id in state.items.contains { $0.id == id && !$0.isRead } }.map { ["op": "read", "id": .string($0)] }
        }
    }

    public func markAllRead() throws {
        try change { state in state.items.contains { !$0.isRead } ? [["op": "readAll"]] : [] }
    }

    /// Deletes an item; it stays deleted (a late push of it does not bring it back).
    public func delete(_ id: String) throws {
        try delete([id])
    }

    public func delete(_ ids: [String]) throws {
        try change { state in
            Set(ids).sorted().filter { id in state.items.contains { $0.id == id } }.map { ["op": "delete", "id": .string($0)] }
        }
    }

    /// Empties the inbox: its items, the reads and deletes not yet sent, the deleted ids,
    /// the cursor and the badge. For a change of user on the device (`GatewayClient` does it
    /// at login and logout): the next user neither sees the previous one's messages nor
    /// skips their own older ones.
    public func reset() throws {
        try log.rewrite { _ in [] }
    }

    /// Sets the badge to zero; it counts again from the next unread arrival.
    public func clearBadge() throws {
        let time = now()
        try change { state in state.badge(now: time) == 0 ? [] : [["op": "clearBadge"]] }
    }

    /// Items, newest first.
    public func items() throws -> [InboxItem] { try state().items.reversed() }

    /// Unread items, in `thread` or in all; expired ones do not count.
    public func unreadCount(thread: String? = nil) throws -> Int { try state().unread(thread: thread, now: self.now()) }

    /// The badge: with the gateway's inbox (after a sync), its unread count; else the
    /// server's number when the latest notification carried one, else the unread items
    /// that arrived since the last `clearBadge()`.
    public func badge() throws -> Int { try state().badge(now: self.now()) }

    /// Whether `id` was deleted here or at the gateway (and so stays deleted).
    public func isDeleted(_ id: String) throws -> Bool { try state().deletedIDs.contains(id) }

    // MARK: The gateway's inbox (`GatewayClient.syncInbox`)

    /// The cursor of the last sync; `nil` before the first (or after the folder was wiped).
    public func cursor() throws -> String? { try state().cursor }

    /// Local reads and deletes the gateway has not acknowledged yet, sorted.
    public func pendingChanges() throws -> (read: [String], delete: [String]) {
        let state = try state()
        return (state.pendingRead.sorted(), state.pendingDelete.sorted())
    }

    /// The gateway acknowledged these reads and deletes.
    public func acknowledge(read: [String], delete: [String]) throws {
        guard !read.isEmpty || !delete.isEmpty else { return }
        try change { _ in [["op": "sent", "read": InboxState.list(read), "delete": InboxState.list(delete)]] }
    }

    /// Records one page of the gateway's answer: each message's state (the gateway's wins,
    /// except for reads and deletes not yet sent) and the cursor after it, in one append.
    public func apply(_ messages: [InboxMessage], cursor: String?) throws {
        try change { _ in messages.map(\.record) + [["op": "cursor", "cursor": cursor.map(JSONValue.string) ?? .null]] }
        try compactIfNeeded()
    }

    /// The ids a complete sync that starts now must list, or they were deleted while this
    /// inbox did not follow: from the start (`fromStart`), every inbox message kept here;
    /// by cursor, the inbox pushes (`herald.inboxMessage`) that arrived since the last sync
    /// (their message was deleted before that sync's cursor). Other pushes stay local.
    public func idsToConfirm(fromStart: Bool) throws -> Set<String> {
        let state = try state()
        return fromStart ? Set(state.items.filter(\.inboxMessage).map(\.id)) : state.unconfirmed
    }

    /// Items dropped by the capacity so far.
    public func trimmedCount() throws -> Int { try state().trimmed }

    /// Rewrites the log with the newest `capacity` items; drops are recorded and logged.
    public func compact() throws {
        var dropped = 0
        try log.rewrite { records in
            let result = InboxState(records).compacted(capacity: capacity)
            dropped = result.dropped
            return result.records
        }
        if dropped > 0 { logger.log(.warning, "herald inbox: \(dropped) oldest items dropped, capacity \(capacity)") }
    }

    func state() throws -> InboxState { InboxState(try log.records()) }

    /// Compacts when items pass the capacity by a quarter, or read/delete records pile up.
    private func compactIfNeeded() throws {
        if try state().items.count > capacity + capacity / 4 || log.records().count > capacity * 3 { try compact() }
    }

    /// Appends what `body` decides from the current state; returns whether anything changed.
    @discardableResult
    private func change(_ body: (InboxState) -> [JSONValue]) throws -> Bool {
        try log.transaction { records in
            let append = body(InboxState(records))
            return (append, !append.isEmpty)
        }
    }
}
