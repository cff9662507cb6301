import Foundation
import HeraldAPNs

/// Requests per second allowed per app and key (`herald serve --api-rate-limit`): the
/// client key ships inside every copy of the app, so a leaked or abused one must not be
/// able to flood the gateway, and a runaway backend loop on the server key neither.
/// Token buckets of one second's worth, shared by the HTTP threads.
final class APIRateLimiter: Sendable {
    let rate: Double
    private let buckets: Locked<RateLimiter>

    init(rate: Double) {
        self.rate = rate
        buckets = Locked(RateLimiter())
    }

    /// `nil` when the request may go on now, or the seconds until it may.
    func admit(_ key: String, now: Double) -> Double? {
        buckets.withLock { limiter in
            guard limiter.take(app: key, rate: rate, wanted: 1, now: now) == 0 else { return nil }
            return max(limiter.wait(app: key, rate: rate), 1 / rate)
        }
    }
}
