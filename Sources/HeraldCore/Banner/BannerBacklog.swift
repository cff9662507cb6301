/// The banners waiting their turn, in the order they will show.
///
/// Items placed by `BannerQueue.present(_:)` are pinned to the front, newest first.
/// The rest go by priority, first come first served among equals. An item replaced
/// by a newer one of its thread keeps its place, and moves forward when the newer
/// one's priority earns an earlier place; it is never moved back.
struct BannerBacklog {
    /// What `admit(_:pinned:capacity:)` did with an item.
    enum Admission: Equatable {
        /// The item waits in line.
        case queued
        /// The item waits in line; `evicted` was taken out to make room.
        case queuedEvicting(BannerItem)
        /// The line is full and the item outranks nothing in it.
        case rejected
    }

    private struct Entry {
        var item: BannerItem
        var pinned: Bool
    }

    private var entries: [Entry] = []

    /// The waiting items, next first.
    var items: [BannerItem] { entries.map(\.item) }
    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// Whether an item with `id` is waiting.
    func contains(id: String) -> Bool {
        entries.contains { $0.item.id == id }
    }

    /// The place of the waiting item of `threadID`, if any.
    func index(ofThread threadID: String) -> Int? {
        entries.firstIndex { $0.item.threadID == threadID }
    }

    /// Takes the next item out of line.
    mutating func popFirst() -> BannerItem? {
        entries.isEmpty ? nil : entries.removeFirst().item
    }

    /// Takes the item at `index` out of line.
    mutating func remove(at index: Int) -> BannerItem {
        entries.remove(at: index).item
    }

    /// Empties the line, returning what was in it, next first.
    mutating func removeAll() -> [BannerItem] {
        defer { entries.removeAll() }
        return items
    }

    /// Puts `item` in the place of the item at `index` and returns the one it replaced.
    mutating func replace(at index: Int, with item: BannerItem) -> BannerItem {
        let old = entries[index]
        guard !old.pinned, item.priority > old.item.priority else {
            entries[index].item = item
            return old.item
        }
        entries.remove(at: index)
        entries.insert(Entry(item: item, pinned: false), at: slot(for: item.priority, before: index))
        return old.item
    }

    /// Puts `item` in line when there is room or it outranks the lowest waiting item.
    ///
    /// A full line gives up its lowest-priority item, the one that would show last
    /// among equals, and only to an item of strictly higher priority. A pinned item
    /// gets in whenever the line can hold anything, evicting that same item (or, when
    /// every item is pinned, the last one).
    mutating func admit(_ item: BannerItem, pinned: Bool, capacity: Int) -> Admission {
        var evicted: BannerItem?
        if entries.count >= capacity {
            if let victim = evictionIndex(), pinned || item.priority > entries[victim].item.priority {
                evicted = entries.remove(at: victim).item
            } else if pinned, !entries.isEmpty, capacity > 0 {
                evicted = entries.removeLast().item
            } else {
                return .rejected
            }
        }
        if pinned {
            entries.insert(Entry(item: item, pinned: true), at: 0)
        } else {
            entries.insert(Entry(item: item, pinned: false), at: slot(for: item.priority, before: entries.count))
        }
        return evicted.map { .queuedEvicting($0) } ?? .queued
    }

    /// The unpinned item with the lowest priority, the later one among equals.
    private func evictionIndex() -> Int? {
        var found: Int?
        for index in entries.indices where !entries[index].pinned {
            if let best = found, entries[index].item.priority > entries[best].item.priority { continue }
            found = index
        }
        return found
    }

    /// Where an unpinned item of `priority` goes among the first `limit` entries:
    /// right after the last one that is pinned or ranks at least as high.
    private func slot(for priority: BannerPriority, before limit: Int) -> Int {
        var index = limit
        while index > 0 {
            let entry = entries[index - 1]
            if entry.pinned || entry.item.priority >= priority { break }
            index -= 1
        }
        return index
    }
}
