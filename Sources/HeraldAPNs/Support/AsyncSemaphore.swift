/// A counting semaphore for tasks: `acquire()` suspends (first come, first served)
/// while no permit is free. This is the client's back-pressure.
package final class AsyncSemaphore: Sendable {
    private struct State {
        var available: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
        var head = 0
    }

    private let state: Locked<State>

    package init(permits: Int) {
        state = Locked(State(available: permits))
    }

    package func acquire() async {
        let acquired = state.withLock { state -> Bool in
            guard state.available > 0 else { return false }
            state.available -= 1
            return true
        }
        if acquired { return }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.available > 0 {
                    state.available -= 1
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Takes at least one and at most `limit` permits (`limit` ≥ 1), suspending only
    /// while none is free; returns how many it took. A waiter gets one permit in its
    /// turn and then whatever else is free, so a batch refills many slots per wakeup.
    package func acquire(upTo limit: Int) async -> Int {
        let taken = state.withLock { state -> Int in
            let count = min(state.available, limit)
            state.available -= count
            return count
        }
        if taken > 0 { return taken }
        await acquire()
        guard limit > 1 else { return 1 }
        return 1 + state.withLock { state -> Int in
            let count = min(state.available, limit - 1)
            state.available -= count
            return count
        }
    }

    package func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.head < state.waiters.count else {
                state.available += 1
                return nil
            }
            let waiter = state.waiters[state.head]
            state.head += 1
            if state.head > 1024 && state.head * 2 > state.waiters.count {
                state.waiters.removeFirst(state.head)
                state.head = 0
            }
            return waiter
        }
        next?.resume()
    }

    /// Permits free now (for tests and statistics).
    package var available: Int { state.withLock { $0.available } }
}
