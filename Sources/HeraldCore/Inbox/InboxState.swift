/// The inbox as its log replays: items in arrival order, and the badge's bookkeeping.
struct InboxState {
    var items: [InboxItem] = []
    /// Items that arrived after the last `clearBadge`, by id.
    var sinceClear: Set<String> = []
    /// The server's badge, when the latest arrival carried one and nothing cleared it since.
    var serverBadge: Int?
    var trimmed = 0

    init(_ records: [JSONValue]) {
        for record in records { apply(record) }
    }

    mutating func apply(_ record: JSONValue) {
        let id = record["id"]?.stringValue
        switch record["op"]?.stringValue {
        case "add":
            guard let item = InboxItem(json: record), !items.contains(where: { $0.id == item.id }) else { return }
            items.append(item)
            if record["cleared"] != true { sinceClear.insert(item.id) }
            serverBadge = item.serverBadge
        case "read":
            if let index = items.firstIndex(where: { $0.id == id }) { items[index].isRead = true }
        case "readAll":
            for index in items.indices { items[index].isRead = true }
        case "delete":
            items.removeAll { $0.id == id }
            if let id { sinceClear.remove(id) }
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

    /// Unread items, in one thread or all.
    func unread(thread: String?) -> Int {
        items.filter { !$0.isRead && (thread == nil || $0.threadID == thread) }.count
    }

    /// The server's number when it sent one, else unread items that arrived since the last clear.
    var badge: Int {
        serverBadge ?? items.filter { !$0.isRead && sinceClear.contains($0.id) }.count
    }

    /// The records that rebuild this state, keeping the newest `capacity` items.
    func compacted(capacity: Int) -> (records: [JSONValue], dropped: Int) {
        let kept = items.suffix(max(0, capacity))
        let dropped = items.count - kept.count
        var records: [JSONValue] = []
        if trimmed + dropped > 0 { records.append(["op": "trimmed", "count": .int(trimmed + dropped)]) }
        for item in kept {
            guard case .object(var object) = item.json else { continue }
            if !sinceClear.contains(item.id) { object["cleared"] = true }
            records.append(.object(object))
        }
        records.append(["op": "badgeState", "server": serverBadge.map(JSONValue.int) ?? .null])
        return (records, dropped)
    }
}
