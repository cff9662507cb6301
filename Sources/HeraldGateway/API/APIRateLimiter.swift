import Foundation
import HeraldAPNs
import HeraldAPNsModel

/// The API's token buckets (`APIRateLimits`): one per app for its server key, one per app
/// for its client side (the client key and the device keys), shared by the HTTP threads.
final class APIRateLimiter: Sendable {
    let limits: APIRateLimits
    private let buckets: Locked<RateLimiter>

    init(_ limits: APIRateLimits) {
        self.limits = limits
        buckets = Locked(RateLimiter())
    }

    /// The rate that applies to `app`'s server key or client side; `nil`: not limited.
    func rate(server: Bool) -> Double? {
        (server ? limits.server : limits.client).flatMap { $0 > 0 ? $0 : nil }
    }

    /// `nil` when the request may go on now, or the seconds until it may.
    func admit(app: String, server: Bool, now: Double) -> Double? {
        guard let rate = rate(server: server) else { return nil }
        let key = app + (server ? ":server" : ":client")
        let burst = server ? max(1, rate) : max(1, limits.clientBurst)
        return buckets.withLock { limiter in
            guard limiter.take(app: key, rate: rate, burst: burst, wanted: 1, now: now) == 0 else { return nil }
            return max(limiter.wait(app: key, rate: rate), 1 / rate)
        }
    }
}
