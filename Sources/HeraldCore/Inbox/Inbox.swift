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

    /// Adds a received notification; `false` when it has no id or is there already.
    @discardableResult
    public func add(_ notification: PushNotification) throws -> Bool {
        guard let item = InboxItem(notification, at: now()) else { return false }
        let added = try change { state in state.items.contains { $0.id == item.id } ? [] : [item.json] }
        // Compact when items pass the capacity by a quarter, or read/delete records pile up.
        if added, try state().items.count > capacity + capacity / 4 || log.records().count > capacity * 3 { try compact() }
        return added
    }

    /// Marks an item read (opening a notification does this).
    public func markRead(_ id: String) throws {
        try change { state in state.items.contains { $0.id == id && !$0.isRead } ? [["op": "read", "id": .string(id)]] : [] }
    }

    public func markAllRead() throws {
        try change { state in state.items.contains { !$0.isRead } ? [["op": "readAll"]] : [] }
    }

    public func delete(_ id: String) throws {
        try change { state in state.items.contains { $0.id == id } ? [["op": "delete", "id": .string(id)]] : [] }
    }

    /// Sets the badge to zero; it counts again from the next unread arrival.
    public func clearBadge() throws {
        try change { state in state.badge == 0 ? [] : [["op": "clearBadge"]] }
    }

    /// Items, newest first.
    public func items() throws -> [InboxItem] { try state().items.reversed() }

    /// Unread items, in `thread` or in all.
    public func unreadCount(thread: String? = nil) throws -> Int { try state().unread(thread: thread) }

    /// The badge: the server's number when the latest notification carried one,
    /// else the unread items that arrived since the last `clearBadge()`.
    public func badge() throws -> Int { try state().badge }

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

    /// Appends what `body` decides from the current state; returns whether anything changed.
    @discardableResult
    private func change(_ body: (InboxState) -> [JSONValue]) throws -> Bool {
        try log.transaction { records in
            let append = body(InboxState(records))
            return (append, !append.isEmpty)
        }
    }
}
