import Dispatch
import HeraldShared

/// Password hashes computed at once (scrypt at its cost holds 128 MiB each): at most
/// `concurrent` run, up to `queue` more wait up to `wait` seconds for a slot, and a call
/// past the queue or the wait gets nil (the API answers 503 `busy`), so a flood of
/// sign-ins cannot exhaust memory or hold the handler threads.
final class PasswordGate: Sendable {
    let concurrent: Int
    let queue: Int
    let wait: Double
    /// The slots the hashes run in.
    private let slots: DispatchSemaphore
    /// Calls admitted: running and waiting.
    private let admitted = Locked(0)

    init(concurrent: Int = 2, queue: Int = 8, wait: Double = 5) {
        self.concurrent = concurrent
        self.queue = queue
        self.wait = wait
        slots = DispatchSemaphore(value: concurrent)
    }

    /// Runs `work` when a slot is free; nil when none freed in time or the queue was full.
    func run<T>(_ work: () throws -> T) rethrows -> T? {
        let limit = concurrent + queue
        guard admitted.withLock({ count -> Bool in
            guard count < limit else { return false }
            count += 1
            return true
        }) else { return nil }
        defer { admitted.withLock { $0 -= 1 } }
        guard slots.wait(timeout: .now() + wait) == .success else { return nil }
        defer { slots.signal() }
        return try work()
    }

    /// Calls running or waiting now (tests).
    var admittedCount: Int { admitted.current }
}
