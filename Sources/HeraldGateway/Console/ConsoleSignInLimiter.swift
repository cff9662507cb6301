import HeraldShared

/// Wrong server keys given at the console's sign-in, counted per app and client address
/// (an IPv6 client by its /64): a client that gave `burst` wrong keys for an app waits
/// `interval` seconds for each further attempt. Sign-in has its own buckets, apart from the
/// API's: app ids are not secret, so a stranger who could spend the app's client bucket
/// would get its devices refused. A right key is never counted, and a stranger elsewhere
/// cannot lock the app's owner out (behind a proxy, with `--trusted-proxy`).
final class ConsoleSignInLimiter: Sendable {
    static let burst = 10.0
    static let interval = 6.0
    /// This limiter's burst and interval (the defaults above, or a wider bucket's).
    let burst: Double
    let interval: Double
    /// Clients tracked at once. Past it, clients whose bucket has refilled are forgotten;
    /// if none has, a new client shares a bucket with the others past the cap: one of
    /// `overflowBuckets`, picked by the app id (ids no app has are counted too, and an
    /// attacker may send any number of them), so memory stays bounded however many
    /// addresses and ids an attacker has.
    let capacity: Int
    private let buckets = Locked(RateLimiter())
    private var rate: Double { 1 / interval }

    init(capacity: Int = 10_000, burst: Double = ConsoleSignInLimiter.burst, interval: Double = ConsoleSignInLimiter.interval) {
        self.capacity = capacity
        self.burst = burst
        self.interval = interval
    }

    /// `nil` when the client may try a key for `app` now, or the seconds until it may.
    func wait(app: String, client: IPAddress?, now: Double) -> Double? {
        buckets.withLock { limiter in
            let own = Self.key(app, client)
            let key = limiter.has(own) || limiter.count < capacity ? own : Self.overflowKey(app)
            let tokens = limiter.available(app: key, rate: rate, burst: burst, now: now)
            return tokens >= 1 ? nil : (1 - tokens) / rate
        }
    }

    /// Counts a wrong key for `app` from `client`.
    func failed(app: String, client: IPAddress?, now: Double) {
        buckets.withLock { limiter in
            var key = Self.key(app, client)
            if !limiter.has(key), limiter.count >= capacity {
                limiter.forgetFull(rate: rate, burst: burst, now: now)
                if limiter.count >= capacity { key = Self.overflowKey(app) }
            }
            _ = limiter.take(app: key, rate: rate, burst: burst, wanted: 1, now: now)
        }
    }

    /// How many clients are tracked (tests).
    var tracked: Int { buckets.withLock { $0.count } }

    private static func key(_ app: String, _ client: IPAddress?) -> String {
        app + "\u{0}" + (client?.limitKey ?? "unknown")
    }

    /// Shared buckets for clients past the capacity.
    static let overflowBuckets = 256

    private static func overflowKey(_ app: String) -> String {
        RateLimiter.sharedKey(for: app, among: overflowBuckets)
    }
}
