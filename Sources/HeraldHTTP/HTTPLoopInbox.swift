import CPoller
import HeraldShared

/// Where the worker threads leave the results of a loop's work, and wake the loop (its
/// eventfd). Once the loop has ended, results are dropped and the eventfd, closed, is
/// not written.
final class HTTPLoopInbox: Sendable {
    struct Done: Sendable {
        var token: UInt64
        var work: UInt64
        var result: HTTPWork.Result
    }

    private struct State {
        var done: [Done] = []
        var open = true
    }

    private let state = Locked(State())
    private let wakeup: Int32

    init(wakeup: Int32) {
        self.wakeup = wakeup
    }

    func post(_ done: Done) {
        state.withLock { state in
            guard state.open else { return }
            state.done.append(done)
            // The loop drains its eventfd before taking: one signal per batch wakes it.
            if state.done.count == 1 { herald_wakeup_signal(wakeup) }
        }
    }

    func take() -> [Done] {
        state.withLock { state in
            defer { state.done = [] }
            return state.done
        }
    }

    func close() {
        let dropped = state.withLock { state in
            state.open = false
            defer { state.done = [] }
            return state.done
        }
        _ = dropped
    }
}
