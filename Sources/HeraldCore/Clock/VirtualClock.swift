/// A clock that moves only when told: `advance(by:)` runs every action that falls
/// due, in time order (ties in scheduling order), at its own time.
@MainActor
public final class VirtualClock: HeraldClock {
    private struct Entry {
        let due: Double
        let sequence: Int
        let timer: ClockTimer
        let action: @MainActor () -> Void
    }

    public private(set) var now: Double
    private var entries: [Entry] = []
    private var sequence = 0

    public init(now: Double = 0) {
        self.now = now
    }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let timer = ClockTimer()
        sequence += 1
        entries.append(Entry(due: now + max(0, delay), sequence: sequence, timer: timer, action: action))
        return timer
    }

    /// Moves time forward by `seconds`, running what falls due on the way.
    public func advance(by seconds: Double) {
        advance(to: now + max(0, seconds))
    }

    /// Moves time forward to `time`, running what falls due on the way.
    public func advance(to time: Double) {
        while let next = nextDue(notAfter: time) {
            now = max(now, next.due)
            next.action()
        }
        now = max(now, time)
    }

    /// Runs what is due now (a zero delay), without moving time.
    public func runDue() {
        advance(by: 0)
    }

    /// How many live timers are waiting.
    public var pendingCount: Int {
        entries.filter { !$0.timer.isCancelled }.count
    }

    /// The time of the next live timer, if any.
    public var nextDeadline: Double? {
        entries.filter { !$0.timer.isCancelled }.map(\.due).min()
    }

    private func nextDue(notAfter time: Double) -> Entry? {
        entries.removeAll { $0.timer.isCancelled }
        guard let index = entries.indices.filter({ entries[$0].due <= time })
            .min(by: { (entries[$0].due, entries[$0].sequence) < (entries[$1].due, entries[$1].sequence) })
        else { return nil }
        return entries.remove(at: index)
    }
}
