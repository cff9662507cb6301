import Foundation
import HeraldShared

/// Awaits async work for at most a given time, without blocking any thread while it waits.
enum TimeLimit {
    /// `work`'s result, or `nil` when it has not finished within `seconds` on `clock` (it is
    /// then left to finish on its own).
    static func run<T: Sendable>(
        _ seconds: Double = 3600, clock: any ServerClock = LiveServerClock(), _ work: @escaping @Sendable () async -> T
    ) async -> T? {
        let gate = Gate<T?>()
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            gate.wait(with: continuation)
            let timer = clock.schedule(after: seconds) { gate.open(nil) }
            Task {
                gate.open(await work())
                timer.cancel()
            }
        }
    }

    /// Resumes its continuation once, with the first value given.
    private final class Gate<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, Never>?

        func wait(with continuation: CheckedContinuation<Value, Never>) {
            lock.withLock { self.continuation = continuation }
        }

        func open(_ value: Value) {
            let waiting = lock.withLock { () -> CheckedContinuation<Value, Never>? in
                defer { continuation = nil }
                return continuation
            }
            waiting?.resume(returning: value)
        }
    }
}
