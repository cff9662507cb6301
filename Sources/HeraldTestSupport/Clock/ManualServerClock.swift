import Foundation
import HeraldCore

/// A `ServerClock` for tests that moves only when told: `advance(by:)` runs every action
/// that falls due, in time order (ties in scheduling order), on the caller's thread,
/// with `now` at the action's own time. Safe to use from any thread.
public final class ManualServerClock: ServerClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Double
    private var timers = TimerQueue<@Sendable () -> Void>()

    public init(now: Double = 0) {
        current = now
    }

    public var now: Double { lock.withLock { current } }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ServerTimer {
        let timer = ServerTimer()
        lock.withLock { timers.add(due: current + max(0, delay), isCancelled: { timer.isCancelled }, action) }
        return timer
    }

    /// Moves time forward by `seconds`, running what falls due on the way.
    public func advance(by seconds: Double) {
        advance(to: now + max(0, seconds))
    }

    /// Moves time forward to `time`, running what falls due on the way (outside the lock,
    /// so an action may schedule again).
    public func advance(to time: Double) {
        while let action = takeDue(notAfter: time) {
            action()
        }
        lock.withLock { current = max(current, time) }
    }

    /// How many live timers are waiting.
    public var pendingCount: Int {
        lock.withLock { timers.pendingCount }
    }

    /// The time of the next live timer, if any.
    public var nextDeadline: Double? {
        lock.withLock { timers.nextDeadline }
    }

    /// The first live action due at `time` or before, with `now` moved to its time.
    private func takeDue(notAfter time: Double) -> (@Sendable () -> Void)? {
        lock.withLock {
            guard let next = timers.takeFirst(notAfter: time) else { return nil }
            current = max(current, next.due)
            return next.action
        }
    }
}
