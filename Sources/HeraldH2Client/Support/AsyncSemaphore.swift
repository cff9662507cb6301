import HeraldShared

/// A counting semaphore for tasks: `acquire()` suspends (first come, first served)
/// while no permit is free. This is the client's back-pressure.
package final class AsyncSemaphore: Sendable {
    private struct Waiter {
        /// Permits the waiter is resumed with (taken for it before it resumes).
        var needed: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var head = 0
    }

    private let state: Locked<State>
    /// The permits there are in all.
    package let permits: Int

    package init(permits: Int) {
        self.permits = permits
        state = Locked(State(available: permits))
    }

    package func acquire() async {
        await acquire(exactly: 1)
    }

    /// Suspends until `count` permits are free together (`1...permits`), and takes them.
    private func acquire(exactly count: Int) async {
        let acquired = state.withLock { state -> Bool in
            guard state.head == state.waiters.count, state.available >= count else { return false }
            state.available -= count
            return true
        }
        if acquired { return }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.head == state.waiters.count && state.available >= count {
                    state.available -= count
                    return true
                }
                state.waiters.append(Waiter(needed: count, continuation: continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Takes at least `min(minimum, limit)` and at most `limit` permits (`limit` ≥ 1),
    /// suspending until the least is free; returns how many it took.
    ///
    /// A batch sender asks for a refill of several permits at once: it then wakes once per
    /// `minimum` finished requests instead of once per request, and hands them to the
    /// transport together (one wakeup of the connection's thread per refill).
    package func acquire(upTo limit: Int, minimum: Int = 1) async -> Int {
        let least = max(1, min(minimum, limit, permits))
        let taken = state.withLock { state -> Int in
            guard state.head == state.waiters.count, state.available >= least else { return 0 }
            let count = min(state.available, limit)
            state.available -= count
            return count
        }
        if taken > 0 { return taken }
        await acquire(exactly: least)
        guard limit > least else { return least }
        return least
            + state.withLock { state -> Int in
                let count = min(state.available, limit - least)
                state.available -= count
                return count
            }
    }

    package func release() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.available += 1
            var ready: [CheckedContinuation<Void, Never>] = []
            while state.head < state.waiters.count, state.available >= state.waiters[state.head].needed {
                state.available -= state.waiters[state.head].needed
                ready.append(state.waiters[state.head].continuation)
                state.head += 1
            }
            if state.head > 1024 && state.head * 2 > state.waiters.count {
                state.waiters.removeFirst(state.head)
                state.head = 0
            }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Permits free now (for tests and statistics).
    package var available: Int { state.withLock { $0.available } }

    /// Tasks waiting for permits now (for tests).
    package var waiting: Int { state.withLock { $0.waiters.count - $0.head } }
}
