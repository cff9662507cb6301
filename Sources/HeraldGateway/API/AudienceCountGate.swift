import HeraldShared

/// Audience counts one app may run: one at a time, and at most `rate` a second (bursts of
/// `burst`). A count reads every device its target names, the dearest read the API offers;
/// the console asks for one at each pause in typing (and cancels the one it no longer
/// needs), a script may ask for many at once. Past either limit the request is a 429 with
/// `Retry-After`, so one app's counts hold at most one reader at a time and never the
/// connections other apps' requests read on.
final class AudienceCountGate: Sendable {
    let rate: Double
    let burst: Double
    private struct State {
        var running: Set<String> = []
        var buckets = RateLimiter()
    }
    private let state = Locked(State())

    init(rate: Double = 2, burst: Double = 5) {
        self.rate = rate
        self.burst = burst
    }

    /// Why a count cannot start now.
    enum Refusal: Equatable {
        /// The app has a count running.
        case running
        /// Over the rate: the seconds until one may start.
        case rate(Double)
    }

    /// Starts a count of `app` now (`finish` it when done), or says why not.
    func start(app: String, now: Double) -> Refusal? {
        state.withLock { state in
            guard !state.running.contains(app) else { return .running }
            guard state.buckets.take(app: app, rate: rate, burst: burst, wanted: 1, now: now) == 1 else {
                return .rate(max(state.buckets.wait(app: app, rate: rate), 1 / rate))
            }
            state.running.insert(app)
            return nil
        }
    }

    func finish(app: String) {
        _ = state.withLock { $0.running.remove(app) }
    }
}
