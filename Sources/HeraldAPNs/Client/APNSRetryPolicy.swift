import HeraldAPNsModel

/// When the client sends again after a failure it may recover from.
///
/// Failures classed `retryAfter` (429) or `backOff` (5xx, `IdleTimeout`, no answer)
/// are retried up to `maxRetries` times, waiting `baseDelay × 2^(n-1)` (at most
/// `maxDelay`, or the `Retry-After` the answer gave) on the client's clock. An
/// expired provider token is renewed and the request sent again once, at once.
public struct APNSRetryPolicy: Sendable, Hashable {
    public var maxRetries: Int
    public var baseDelay: Double
    public var maxDelay: Double

    public init(maxRetries: Int = 2, baseDelay: Double = 1, maxDelay: Double = 60) {
        self.maxRetries = maxRetries
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    /// Two retries, 1 s then 2 s.
    public static let `default` = APNSRetryPolicy()
    /// Never retry (the caller decides).
    public static let none = APNSRetryPolicy(maxRetries: 0)

    /// Seconds to wait before retry number `attempt` (from 1).
    public func delay(attempt: Int, retryAfter: Double? = nil) -> Double {
        if let retryAfter, retryAfter >= 0 { return min(retryAfter, maxDelay) }
        let exponent = Double(min(max(attempt - 1, 0), 30))
        return min(baseDelay * pow2(exponent), maxDelay)
    }

    private func pow2(_ exponent: Double) -> Double {
        var value = 1.0
        for _ in 0..<Int(exponent) { value *= 2 }
        return value
    }
}
