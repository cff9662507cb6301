import Foundation
import HeraldCore

/// A `ServerClock` for tests that moves only when told: `advance(by:)` runs every action
/// that falls due, in time order (ties in scheduling order), on the caller's thread,
/// with `now` at the action's own time. Safe to use from any thread.
public final class ManualServerClock: ServerClock, @unchecked Sendable {
    private struct Entry {
        let due: Double
        let sequence: Int
        let timer: ServerTimer
        let action: @Sendable () -> Void
    }

    private let lock = NSLock()
    private var current: Double
    private var entries: [Entry] = []
    private var sequence = 0

    public init(now: Double = 0) {
        current = now
    }

    public var now: Double { lock.withLock { current } }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ServerTimer {
        let timer = ServerTimer()
        lock.withLock {
            sequence += 1
            entries.append(Entry(due: current + max(0, delay), sequence: sequence, timer: timer, action: action))
        }
        return timer
    }

    /// Moves time forward by `seconds`, running what falls due on the way.
    public func advance(by seconds: Double) {
        advance(to: now + max(0, seconds))
    }

    /// Moves time forward to `time`, running what falls due on the way (outside the lock,
    /// so an action may schedule again).
    public func advance(to time: Double) {
        while let next = takeDue(notAfter: time) {
            next.action()
        }
        lock.withLock { current = max(current, time) }
    }

    /// How many live timers are waiting.
    public var pendingCount: Int {
        lock.withLock { entries.filter { !$0.timer.isCancelled }.count }
    }

    /// The time of the next live timer, if any.
    public var nextDeadline: Double? {
        lock.withLock { entries.filter { !$0.timer.isCancelled }.map(\.due).min() }
    }

    private func takeDue(notAfter time: Double) -> Entry? {
        lock.withLock {
            entries.removeAll { $0.timer.isCancelled }
            guard
                let index = entries.indices.filter({ entries[$0].due <= time })
                    .min(by: { (entries[$0].due, entries[$0].sequence) < (entries[$1].due, entries[$1].sequence) })
            else { return nil }
            let entry = entries.remove(at: index)
            current = max(current, entry.due)
            return entry
        }
    }
}
