/// Per-app token buckets: an app with a rate limit of r notifications per second may
/// send r per second on average, in bursts of at most one second's worth (or `burst`).
struct RateLimiter {
    private var buckets: [String: (tokens: Double, at: Double)] = [:]

    /// How many of `wanted` the app may send at `now`, taken from its bucket.
    mutating func take(app: String, rate: Double?, burst: Double? = nil, wanted: Int, now: Double) -> Int {
        guard let rate, rate > 0 else { return wanted }
        let burst = burst ?? max(1, rate)
        var bucket = buckets[app] ?? (burst, now)
        bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * rate)
        bucket.at = now
        let granted = min(wanted, Int(bucket.tokens))
        bucket.tokens -= Double(granted)
        buckets[app] = bucket
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
}
