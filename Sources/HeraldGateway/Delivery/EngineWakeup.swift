import Foundation
import HeraldShared

/// The engine's sleep between steps, and what ends it early: a new publish, a finished
/// batch, `stop()`. Any thread may wake it; a wake that comes while the engine is busy
/// is kept, so the next sleep returns at once.
final class EngineWakeup: @unchecked Sendable {
    private let lock = NSLock()
    private var woken = false
    private var sleeper: CheckedContinuation<Void, Never>?
    private var timer: ServerTimer?

    /// Ends the current sleep, or the next one before it starts.
    func wake() {
        let (waiting, timer) = lock.withLock { () -> (CheckedContinuation<Void, Never>?, ServerTimer?) in
            woken = true
            defer { (sleeper, self.timer) = (nil, nil) }
            return (sleeper, self.timer)
        }
        timer?.cancel()
        waiting?.resume()
    }

    /// Sleeps `seconds` on `clock`, or until woken.
    func sleep(seconds: Double, on clock: any ServerClock) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = lock.withLock { () -> Bool in
                if woken { return true }
                sleeper = continuation
                return false
            }
            if resumeNow {
                continuation.resume()
                return
            }
            let timer = clock.schedule(after: seconds) { [weak self] in self?.wake() }
            let late = lock.withLock { () -> Bool in
                // Woken while the timer was being made: the wake already resumed the sleep.
                guard sleeper != nil else { return true }
                self.timer = timer
                return false
            }
            if late { timer.cancel() }
        }
        lock.withLock { woken = false }
    }
}
