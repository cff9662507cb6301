/// The inbox as its log replays: items in arrival order, the badge's bookkeeping, and, when
/// the gateway keeps the inbox, the deleted ids, the reads and deletes not yet sent, and
/// the cursor.
struct InboxState {
    var items: [InboxItem] = []
    /// Items that arrived after the last `clearBadge`, by id.
    var sinceClear: Set<String> = []
    /// The server's badge, when the latest arrival carried one and nothing cleared it since.
    var serverBadge: Int?
    var trimmed = 0
    /// Deleted ids, oldest first: a late push of one does not bring it back.
    var deleted: [String] = []
    var deletedIDs: Set<String> = []
    /// Local reads and deletes the gateway has not acknowledged yet.
    var pendingRead: Set<String> = []
    var pendingDelete: Set<String> = []
    /// The gateway's cursor after the last sync; `nil` before the first.
    var cursor: String?
    /// Whether the gateway keeps this inbox (a sync happened): the badge is then the unread count.
    var usesServer = false
    /// Herald pushes that arrived since, whose message no sync has listed yet.
    var unconfirmed: Set<String> = []

    init(_ records: [JSONValue]) {
        for record in records { apply(record) }
    }

    mutating func apply(_ record: JSONValue) {
        let id = record["id"]?.stringValue
        switch record["op"]?.stringValue {
        case "add":
            guard let item = InboxItem(json: record), !contains(item.id) else { return }
            items.append(item)
            if usesServer && item.inboxMessage { unconfirmed.insert(item.id) }
            if record["cleared"] != true { sinceClear.insert(item.id) }
            serverBadge = item.serverBadge
        case "read":
            guard let index = items.firstIndex(where: { $0.id == id }) else { return }
            items[index].isRead = true
            pendingRead.insert(items[index].id)
        case "readAll":
            for index in items.indices where !items[index].isRead {
                items[index].isRead = true
                pendingRead.insert(items[index].id)
            }
        case "delete":
            guard let id else { return }
            remove(id)
            pendingDelete.insert(id)
        case "server":
            applyServer(record)
        case "sent":
            pendingRead.subtract(Self.ids(record["read"]))
            pendingDelete.subtract(Self.ids(record["delete"]))
        case "pending":
            pendingRead.formUnion(Self.ids(record["read"]))
            pendingDelete.formUnion(Self.ids(record["delete"]))
        case "unconfirmed":
            unconfirmed.formUnion(Self.ids(record["ids"]))
        case "deleted":
            for id in Self.ids(record["ids"]) where deletedIDs.insert(id).inserted { deleted.append(id) }
        case "cursor":
            cursor = record["cursor"]?.stringValue
            usesServer = true
        case "clearBadge":
            sinceClear = []
            serverBadge = nil
        case "badgeState":
            serverBadge = record["server"]?.intValue
        case "trimmed":
            trimmed += record["count"]?.intValue ?? 0
        default:
            break
        }
    }

    /// The gateway's state of one message wins, except for local reads and deletes it has
    /// not acknowledged yet; a deleted message stays deleted.
    private mutating func applyServer(_ record: JSONValue) {
        guard let message = InboxMessage(json: record) else { return }
        unconfirmed.remove(message.id)
        if message.deleted { return remove(message.id) }
        guard !deletedIDs.contains(message.id) else { return }
        let read = message.read || pendingRead.contains(message.id)
        if let index = items.firstIndex(where: { $0.id == message.id }) {
            items[index].update(from: message, read: read)
            return
        }
        let item = InboxItem(message, read: read)
        let position = items.lastIndex { $0.receivedAt <= item.receivedAt }.map { $0 + 1 } ?? 0
        items.insert(item, at: position)
        sinceClear.insert(item.id)
    }

    func contains(_ id: String) -> Bool { deletedIDs.contains(id) || items.contains { $0.id == id } }

    private mutating func remove(_ id: String) {
        items.removeAll { $0.id == id }
        sinceClear.remove(id)
        pendingRead.remove(id)
        unconfirmed.remove(id)
        if deletedIDs.insert(id).inserted { deleted.append(id) }
    }

    static func ids(_ value: JSONValue?) -> [String] { value?.arrayValue?.compactMap(\.stringValue) ?? [] }

    /// Unread items, in one thread or all; an expired one does not count.
    func unread(thread: String?, now: Double) -> Int {
        items.filter { !$0.isRead && !$0.isExpired(at: now) && (thread == nil || $0.threadID == thread) }.count
    }

    /// With the gateway's inbox, its unread count; else the server's number when it sent
    /// one, else unread items that arrived since the last clear.
    func badge(now: Double) -> Int {
        if usesServer { return unread(thread: nil, now: now) }
        return serverBadge ?? items.filter { !$0.isRead && sinceClear.contains($0.id) }.count
    }

    /// The records that rebuild this state, keeping the newest `capacity` items (and at most
    /// four times as many deleted ids).
    func compacted(capacity: Int) -> (records: [JSONValue], dropped: Int) {
        let kept = items.suffix(max(0, capacity))
        let dropped = items.count - kept.count
        var records: [JSONValue] = []
        if trimmed + dropped > 0 { records.append(["op": "trimmed", "count": .int(trimmed + dropped)]) }
        let keptDeleted = deleted.suffix(max(0, capacity) * 4)
        if !keptDeleted.isEmpty { records.append(["op": "deleted", "ids": Self.list(keptDeleted)]) }
        for item in kept {
            guard case .object(var object) = item.json else { continue }
            if !sinceClear.contains(item.id) { object["cleared"] = true }
            records.append(.object(object))
        }
        let keptIDs = Set(kept.map(\.id))
        let reads = pendingRead.filter(keptIDs.contains).sorted()
        if !reads.isEmpty || !pendingDelete.isEmpty {
            records.append(["op": "pending", "read": Self.list(reads), "delete": Self.list(pendingDelete.sorted())])
        }
        records.append(["op": "badgeState", "server": serverBadge.map(JSONValue.int) ?? .null])
        if usesServer { records.append(["op": "cursor", "cursor": cursor.map(JSONValue.string) ?? .null]) }
        let waiting = unconfirmed.filter(keptIDs.contains).sorted()
        if !waiting.isEmpty { records.append(["op": "unconfirmed", "ids": Self.list(waiting)]) }
        return (records, dropped)
    }

    static func list(_ ids: some Sequence<String>) -> JSONValue { .array(ids.map(JSONValue.string)) }
}
