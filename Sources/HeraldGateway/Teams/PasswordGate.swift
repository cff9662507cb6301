import Foundation
import HeraldShared

/// Password hashes computed at once (scrypt at its cost holds 128 MiB each): at most
/// `concurrent` run, up to `queue` more wait up to `wait` seconds, and a call past the
/// queue or the wait gets nil (the API answers 503 `busy`), so a flood of sign-ins cannot
/// exhaust memory or hold the handler threads.
final class PasswordGate: Sendable {
    let concurrent: Int
    let queue: Int
    let wait: Double
    private struct State {
        var running = 0
        var waiting = 0
    }
    private let state = Locked(State())
    private let condition = NSCondition()

    init(concurrent: Int = 2, queue: Int = 8, wait: Double = 5) {
        self.concurrent = concurrent
        self.queue = queue
        self.wait = wait
    }

    /// Runs `work` when a slot is free; nil when none freed in time or the queue was full.
    func run<T>(_ work: () throws -> T) rethrows -> T? {
        condition.lock()
        var current = state.current
        if current.running >= concurrent {
            guard current.waiting < queue else {
                condition.unlock()
                return nil
            }
            state.withLock { $0.waiting += 1 }
            let deadline = Date().addingTimeInterval(wait)
            while state.current.running >= concurrent, condition.wait(until: deadline) {}
            state.withLock { $0.waiting -= 1 }
            current = state.current
            guard current.running < concurrent else {
                condition.unlock()
                return nil
            }
        }
        state.withLock { $0.running += 1 }
        condition.unlock()
        defer {
            condition.lock()
            state.withLock { $0.running -= 1 }
            condition.signal()
            condition.unlock()
        }
        return try work()
    }

    /// Hashes running now (tests).
    var running: Int { state.current.running }
}
