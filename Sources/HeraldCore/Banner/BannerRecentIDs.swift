/// The ids a banner queue has shown (or coalesced), the newest `limit` of them, for
/// dropping duplicates in constant time.
struct BannerRecentIDs {
    /// How many ids are remembered; zero or less remembers none.
    let limit: Int
    private var order: [String] = []
    private var head = 0
    private var members: Set<String> = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether `id` is among the remembered ids.
    func contains(_ id: String) -> Bool {
        members.contains(id)
    }

    /// How many ids are remembered now.
    var count: Int { members.count }

    /// Remembers `id`, forgetting the oldest id when more than `limit` are held.
    /// An id already remembered keeps its place.
    mutating func insert(_ id: String) {
        guard limit > 0, !members.contains(id) else { return }
        order.append(id)
        members.insert(id)
        if members.count > limit {
            members.remove(order[head])
            head += 1
            if head >= 64, head * 2 >= order.count {
                order.removeFirst(head)
                head = 0
            }
        }
    }
}
