import CPoller
import HeraldAPNsModel

/// Where the event loops share work. A loop that accepts a connection places it on the
/// loop with the fewest connections (the kernel wakes whichever loop it likes, often the
/// same one for a burst of connections). And each loop posts, at every sweep, since when
/// its longest-waiting connection has waited for a request; a loop that is full with
/// nothing of its own to evict asks the loop with the longest wait to close that
/// connection, and admits its new one meanwhile (the limit is exceeded by the evictions
/// in progress, for a tenth of a second at most).
final class HTTPLoopBoard: Sendable {
    /// A connection accepted by one loop for another.
    struct Arrival: Sendable {
        var fd: Int32
        var address: String
    }

    private struct Loop {
        var wakeup: Int32 = -1
        var connections = 0
        var arrivals: [Arrival] = []
        var oldestWaiting: Double?
        var evictions = 0
    }

    private let loops: Locked<[Loop]>

    init(loops count: Int) {
        loops = Locked(Array(repeating: Loop(), count: count))
    }

    func register(_ index: Int, wakeup: Int32) {
        loops.withLock { $0[index].wakeup = wakeup }
    }

    /// The loop that takes a connection accepted by loop `index`: the one with the fewest
    /// (`index` itself on a tie). Another loop finds it in its arrivals when woken.
    func place(_ arrival: Arrival, acceptedBy index: Int) -> Int {
        let (chosen, wakeup): (Int, Int32?) = loops.withLock { loops in
            var chosen = index
            for (other, loop) in loops.enumerated() where loop.connections < loops[chosen].connections { chosen = other }
            loops[chosen].connections += 1
            guard chosen != index else { return (chosen, nil) }
            loops[chosen].arrivals.append(arrival)
            return (chosen, loops[chosen].wakeup)
        }
        if let wakeup { herald_wakeup_signal(wakeup) }
        return chosen
    }

    /// Connections placed on loop `index` by others, taken.
    func takeArrivals(_ index: Int) -> [Arrival] {
        loops.withLock { loops in
            defer { loops[index].arrivals = [] }
            return loops[index].arrivals
        }
    }

    /// Loop `index` closed one of its connections.
    func closed(_ index: Int) {
        loops.withLock { $0[index].connections -= 1 }
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
            loops[chosen].evictions += 1
            loops[chosen].oldestWaiting = nil  // one request per posting: the next sweep posts again
            return loops[chosen].wakeup
        }
        guard let wakeup else { return false }
        herald_wakeup_signal(wakeup)
        return true
    }

    /// The evictions other loops asked of loop `index`, taken.
    func takeEvictions(_ index: Int) -> Int {
        loops.withLock { loops in
            defer { loops[index].evictions = 0 }
            return loops[index].evictions
        }
    }
}
