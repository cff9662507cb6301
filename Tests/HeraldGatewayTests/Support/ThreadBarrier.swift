import Foundation

/// Holds threads until `count` of them have arrived, so that tests can line up steps of
/// concurrent work (two transactions that both read before either writes).
final class ThreadBarrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var arrived = 0

    init(_ count: Int) { self.count = count }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    /// Waits until `count` threads have called it, or throws after `timeout` seconds.
    func arrive(timeout: Double = 10) throws {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived >= count { condition.broadcast() }
        let deadline = Date().addingTimeInterval(timeout)
        while arrived < count {
            guard condition.wait(until: deadline) || arrived >= count else {
                throw Timeout(description: "only \(arrived) of \(count) threads arrived within \(timeout) seconds")
            }
        }
    }
}

extension ThreadBarrier {
    /// Runs `body(n)` for n in 0..<count, each on a thread of its own, released together
    /// once all have started; waits for all of them. The errors they threw, as text.
    static func together(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Void) -> [String] {
        let barrier = ThreadBarrier(count)
        let group = DispatchGroup()
        let lock = NSLock()
        nonisolated(unsafe) var failures: [String] = []
        for n in 0..<count {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    try barrier.arrive()
                    try body(n)
                } catch {
                    lock.withLock { failures.append("\(error)") }
                }
            }.start()
        }
        group.wait()
        return lock.withLock { failures }
    }
}

/// Values collected from several threads.
final class Results<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [T] = []
    func add(_ value: T) { lock.withLock { values.append(value) } }
    func add(contentsOf more: [T]) { lock.withLock { values += more } }
    var all: [T] { lock.withLock { values } }
}
