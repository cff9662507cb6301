import CPoller
import HeraldShared

/// Where the event loops share work. A loop that accepts a connection places it on the
/// loop with the fewest connections (the kernel wakes whichever loop it likes, often the
/// same one for a burst of connections), and the board keeps how many each loop holds per
/// client address. When the server is full, a loop takes a slot from the address that
/// holds the most (`HTTPConnectionCounter`): from one of its own connections, or by asking
/// a loop that holds one of that address's to close it. Otherwise each loop posts, at
/// every sweep, since when its longest-waiting connection has waited for a request, and a
/// full loop with nothing of its own to evict asks the loop with the longest wait to close
/// that connection. Either way it admits its new one meanwhile (the limit is exceeded by
/// the evictions in progress, for a tenth of a second at most).
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
        var byAddress: [String: Int] = [:]
        var oldestWaiting: Double?
        /// Evictions asked of the loop: an address to take a connection from, or `nil` for
        /// its longest-waiting connection.
        var evictions: [String?] = []
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
            loops[chosen].byAddress[arrival.address, default: 0] += 1
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

    /// Loop `index` closed one of its connections, from `address`.
    func closed(_ index: Int, address: String) {
        loops.withLock { loops in
            loops[index].connections -= 1
            let left = loops[index].byAddress[address, default: 1] - 1
            loops[index].byAddress[address] = left > 0 ? left : nil
        }
    }

    /// Asks a loop other than `index` that holds a connection from `address` to close one;
    /// false when none does.
    func requestEviction(from index: Int, of address: String) -> Bool {
        let wakeup: Int32? = loops.withLock { loops in
            guard let chosen = loops.indices.first(where: { $0 != index && loops[$0].byAddress[address, default: 0] > 0 }) else {
                return nil
            }
            loops[chosen].evictions.append(address)
            return loops[chosen].wakeup
        }
        guard let wakeup else { return false }
        herald_wakeup_signal(wakeup)
        return true
    }

    /// Connections loop `index` holds from `address`.
    func connections(_ index: Int, from address: String) -> Int {
        loops.withLock { $0[index].byAddress[address, default: 0] }
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
            loops[chosen].evictions.append(nil)
            loops[chosen].oldestWaiting = nil  // one request per posting: the next sweep posts again
            return loops[chosen].wakeup
        }
        guard let wakeup else { return false }
        herald_wakeup_signal(wakeup)
        return true
    }

    /// The evictions other loops asked of loop `index`, taken: an address to take a
    /// connection from, or `nil` for the longest-waiting one.
    func takeEvictions(_ index: Int) -> [String?] {
        loops.withLock { loops in
            defer { loops[index].evictions = [] }
            return loops[index].evictions
        }
    }
}
