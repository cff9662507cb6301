import Foundation
import HeraldShared

/// The feed's long polls (`wait`): each holds a handler thread while it waits, so only a
/// few wait at once (`maxWaiting` in all, one per app); a request past either is answered
/// at once with what there is, as without `wait`. A waiting request looks at the log every
/// `interval` seconds of the injected clock, which also finds events other gateways commit.
public final class EventFeedWaits: Sendable {
    let maxWaiting: Int
    /// The longest wait granted: below the handler timeout, which would answer 503 first.
    let longest: Double
    let interval: Double
    private let clock: any ServerClock
    private let waiting = Locked<Set<String>>([])

    public init(maxWaiting: Int = 4, longest: Double = 30, interval: Double = 0.25, clock: any ServerClock = LiveServerClock()) {
        self.maxWaiting = maxWaiting
        self.longest = longest
        self.interval = interval
        self.clock = clock
    }

    /// Runs `poll` until it finds something or `seconds` (at most `longest`) pass; returns
    /// its last result. With no room to wait, `poll` runs once.
    func wait<T>(app: String, seconds: Double, _ poll: () throws -> T?) throws -> T? {
        if let found = try poll() { return found }
        guard seconds > 0, admit(app) else { return nil }
        defer { _ = waiting.withLock { $0.remove(app) } }
        let end = clock.now + min(seconds, longest)
        while clock.now < end {
            let tick = DispatchSemaphore(value: 0)
            clock.schedule(after: min(interval, end - clock.now)) { tick.signal() }
            tick.wait()
            if let found = try poll() { return found }
        }
        return nil
    }

    private func admit(_ app: String) -> Bool {
        waiting.withLock { waiting in
            guard waiting.count < maxWaiting, !waiting.contains(app) else { return false }
            waiting.insert(app)
            return true
        }
    }
}
