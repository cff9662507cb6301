/// Token buckets by key: the delivery engine keys them by app, the API and the console's
/// sign-in by caller (`APIRateLimiter`, `ConsoleSignInLimiter`), so `app:` below is any
/// such key. A key with a rate of r per second may take r per second on average, in
/// bursts of at most one second's worth (or `burst`).
struct RateLimiter {
    private var buckets: [String: (tokens: Double, at: Double)] = [:]

    /// How many of `wanted` the app may send at `now`, taken from its bucket.
    mutating func take(app: String, rate: Double?, burst: Double? = nil, wanted: Int, now: Double) -> Int {
        guard let rate, rate > 0 else { return wanted }
        let burst = burst ?? max(1, rate)
        let tokens = available(app: app, rate: rate, burst: burst, now: now)
        let granted = min(wanted, Int(tokens))
        buckets[app] = (tokens - Double(granted), now)
        return granted
    }

    /// Gives back tokens taken but not used (fewer deliveries were due than allowed).
    mutating func refund(app: String, count: Int) {
        guard count > 0, var bucket = buckets[app] else { return }
        bucket.tokens += Double(count)
        buckets[app] = bucket
    }

    /// Seconds until the app has a token again.
    func wait(app: String, rate: Double?) -> Double {
        guard let rate, rate > 0, let bucket = buckets[app] else { return 0 }
        return max(0, (1 - bucket.tokens) / rate)
    }

    /// The tokens `app` has at `now`, without taking any (a bucket never used is full).
    func available(app: String, rate: Double, burst: Double, now: Double) -> Double {
        guard let bucket = buckets[app] else { return burst }
        return min(burst, bucket.tokens + max(0, now - bucket.at) * rate)
    }

    /// One of `count` buckets that callers past a limiter's capacity share, picked by
    /// `key` the same way on every run and gateway (FNV-1a).
    static func sharedKey(for key: String, among count: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\u{0}*" + String(hash % UInt64(count))
    }

    /// Whether `app` has a bucket.
    func has(_ app: String) -> Bool { buckets[app] != nil }

    /// How many buckets are kept.
    var count: Int { buckets.count }

    /// Forgets the buckets that are full again at `now`: the same as having none.
    mutating func forgetFull(rate: Double, burst: Double, now: Double) {
        forget(atLeast: burst, rate: rate, burst: burst, now: now)
    }

    /// Forgets the buckets holding at least `tokens` at `now` (each would start full again).
    mutating func forget(atLeast tokens: Double, rate: Double, burst: Double, now: Double) {
        buckets = buckets.filter { min(burst, $0.value.tokens + max(0, now - $0.value.at) * rate) < tokens }
    }
}
