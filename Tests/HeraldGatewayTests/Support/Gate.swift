import Foundation

/// Where threads wait while a test holds the gate closed: a handler or a store frozen on
/// demand (as a database stopped with SIGSTOP would be), released at once by `open`.
final class Gate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen: Bool
    private var waiting = 0

    init(open: Bool = true) { isOpen = open }

    func close() { condition.withLock { isOpen = false } }

    func open() {
        condition.withLock { isOpen = true }
        condition.broadcast()
    }

    /// Returns at once while open; else waits until it opens.
    func pass() {
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        while !isOpen { condition.wait() }
        waiting -= 1
    }

    /// Threads waiting at the gate now.
    var waitingCount: Int { condition.withLock { waiting } }
}
