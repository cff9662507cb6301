import Foundation

/// Exponential backoff with jitter: 0.2 s × 2^n, capped at 64 s; each wait is drawn
/// between half and all of that ("equal jitter"), so clients that failed together do
/// not retry together, and none waits less than half the schedule.
public struct Backoff: Sendable {
    public var base: Double = 0.2
    public var cap: Double = 64

    public init(base: Double = 0.2, cap: Double = 64) {
        self.base = base
        self.cap = cap
    }

    /// The wait before retry number `attempt` (0 for the first retry); `jitter` in 0...1.
    public func delay(attempt: Int, jitter: Double) -> Double {
        let ceiling = min(cap, base * pow2(min(attempt, 30)))
        return ceiling / 2 + ceiling / 2 * min(1, max(0, jitter))
    }

    private func pow2(_ n: Int) -> Double { Double(1 << n) }
}
