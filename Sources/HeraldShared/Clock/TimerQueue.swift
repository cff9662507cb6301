/// The waiting actions of a clock that moves only when told: each with its due time and
/// its timer's cancellation, taken in time order (ties in scheduling order), cancelled ones
/// dropped. The device's `VirtualClock` and the tests' `ManualServerClock` keep their
/// timers in one, each guarding it its own way (the main actor, a lock); it holds no lock.
package struct TimerQueue<Action> {
    private struct Entry {
        let due: Double
        let sequence: Int
        let isCancelled: () -> Bool
        let action: Action
    }

    private var entries: [Entry] = []
    private var sequence = 0

    package init() {}

    /// Adds `action`, due at `due`, after every action already due at that time;
    /// `isCancelled` says whether its timer was cancelled since.
    package mutating func add(due: Double, isCancelled: @escaping () -> Bool, _ action: Action) {
        sequence += 1
        entries.append(Entry(due: due, sequence: sequence, isCancelled: isCancelled, action: action))
    }

    /// Removes and returns the first live action due at `time` or before, with its due time.
    package mutating func takeFirst(notAfter time: Double) -> (due: Double, action: Action)? {
        entries.removeAll { $0.isCancelled() }
        guard
            let index = entries.indices.filter({ entries[$0].due <= time })
                .min(by: { (entries[$0].due, entries[$0].sequence) < (entries[$1].due, entries[$1].sequence) })
        else { return nil }
        let entry = entries.remove(at: index)
        return (entry.due, entry.action)
    }

    /// How many live timers are waiting.
    package var pendingCount: Int {
        entries.filter { !$0.isCancelled() }.count
    }

    /// The time of the next live timer, if any.
    package var nextDeadline: Double? {
        entries.filter { !$0.isCancelled() }.map(\.due).min()
    }
}
