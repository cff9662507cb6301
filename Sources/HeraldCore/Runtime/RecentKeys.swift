/// A bounded memory of keys seen, oldest forgotten first.
struct RecentKeys {
    private var order: [String] = []
    private var keys: Set<String> = []
    let limit: Int

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func contains(_ key: String) -> Bool { keys.contains(key) }

    /// Forgets `key`; returns whether it was known.
    @discardableResult
    mutating func remove(_ key: String) -> Bool {
        guard keys.remove(key) != nil else { return false }
        order.removeAll { $0 == key }
        return true
    }

    /// Remembers `key`; returns `false` when it was already known.
    @discardableResult
    mutating func insert(_ key: String) -> Bool {
        guard keys.insert(key).inserted else { return false }
        order.append(key)
        if order.count > limit { keys.remove(order.removeFirst()) }
        return true
    }
}

extension PushNotification {
    /// What identifies the notification for de-duplication: its id, else its content.
    var dedupeKey: String {
        id.map { "id:" + $0 } ?? "raw:" + JSONWriter.serialize(.object(raw))
    }
}
