import Dispatch
import Foundation

/// Awaits async work for at most a given time, without blocking any thread while it waits.
enum TimeLimit {
    /// `work`'s result, or `nil` when it has not finished within `seconds` (it is then left
    /// to finish on its own).
    static func run<T: Sendable>(_ seconds: Double = 3600, _ work: @escaping @Sendable () async -> T) async -> T? {
        let gate = Gate<T?>()
        return await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
            gate.wait(with: continuation)
            Task { gate.open(await work()) }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { gate.open(nil) }
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
