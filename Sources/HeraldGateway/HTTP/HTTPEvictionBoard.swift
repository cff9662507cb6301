import CPoller
import HeraldAPNs

/// Where the event loops tell one another which of their connections could make room:
/// each loop posts, at every sweep, since when its longest-waiting connection has waited
/// for a request; a loop that is full with nothing of its own to evict asks the loop with
/// the longest wait to close that connection, and admits its new one meanwhile (the limit
/// is exceeded by the evictions in progress, for a tenth of a second at most).
final class HTTPEvictionBoard: Sendable {
    private struct Loop {
        var wakeup: Int32 = -1
        var oldestWaiting: Double?
        var requested = 0
    }

    private let loops: Locked<[Loop]>

    init(loops count: Int) {
        loops = Locked(Array(repeating: Loop(), count: count))
    }

    func register(_ index: Int, wakeup: Int32) {
        loops.withLock { $0[index].wakeup = wakeup }
    }

    /// Loop `index`'s longest-waiting connection has waited since `since` (nil: none waits).
    func post(_ index: Int, oldestWaiting since: Double?) {
        loops.withLock { $0[index].oldestWaiting = since }
    }

    /// Asks another loop with a connection waiting since before `cutoff` to evict it;
    /// false when no loop has one.
    func requestEviction(from index: Int, before cutoff: Double) -> Bool {
        let wakeup: Int32? = loops.withLock { loops in
            var best: (index: Int, since: Double)?
            for (other, loop) in loops.enumerated() where other != index {
                guard let since = loop.oldestWaiting, since < cutoff else { continue }
                if best.map({ since < $0.since }) ?? true { best = (other, since) }
            }
            guard let chosen = best?.index else { return nil }
            loops[chosen].requested += 1
            loops[chosen].oldestWaiting = nil  // one request per posting: the next sweep posts again
            return loops[chosen].wakeup
        }
        guard let wakeup else { return false }
        herald_wakeup_signal(wakeup)
        return true
    }

    /// The evictions other loops asked of loop `index`, taken.
    func takeRequests(_ index: Int) -> Int {
        loops.withLock { loops in
            defer { loops[index].requested = 0 }
            return loops[index].requested
        }
    }
}
