import HeraldShared

/// A FIFO of waiting requests that can also take requests back at the front
/// (those a server refused go first, in their original order).
struct H2Queue {
    private var items: [H2Pending] = []
    private var head = 0

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }
    var first: H2Pending? { isEmpty ? nil : items[head] }

    mutating func append(_ pending: H2Pending) {
        items.append(pending)
    }

    mutating func prepend(_ pending: H2Pending) {
        if head > 0 {
            head -= 1
            items[head] = pending
        } else {
            items.insert(pending, at: 0)
        }
    }

    mutating func popFirst() -> H2Pending? {
        guard !isEmpty else { return nil }
        let pending = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return pending
    }
}
