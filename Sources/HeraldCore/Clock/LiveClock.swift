import Dispatch
import Foundation

/// The real clock: monotonic time, actions on the main queue.
@MainActor
public final class LiveClock: HeraldClock {
    public init() {}

    public var now: Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer {
        let work = DispatchWorkItem {
            MainActor.assumeIsolated { action() }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay), execute: work)
        return ClockTimer(onCancel: { work.cancel() })
    }
}
