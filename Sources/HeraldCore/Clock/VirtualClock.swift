/// A clock that moves only when told: `advance(by:)` runs every action that falls
/// due, in time order (ties in scheduling order), at its own time.
@MainActor
public final class VirtualClock: HeraldClock {
    public private(set) var now: Double
    private var timers = TimerQueue<@MainActor () -> Void>()

    public init(now: Double = 0) {
        self.now = now
    }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let timer = ClockTimer()
        timers.add(due: now + max(0, delay), isCancelled: { timer.isCancelled }, action)
        return timer
    }

    /// Moves time forward by `seconds`, running what falls due on the way.
    public func advance(by seconds: Double) {
        advance(to: now + max(0, seconds))
    }

    /// Moves time forward to `time`, running what falls due on the way.
    public func advance(to time: Double) {
        while let next = timers.takeFirst(notAfter: time) {
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
    public var pendingCount: Int { timers.pendingCount }

    /// The time of the next live timer, if any.
    public var nextDeadline: Double? { timers.nextDeadline }
}
