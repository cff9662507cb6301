import HeraldShared

/// The API's token buckets (`APIRateLimits`), shared by the HTTP threads: one per app for
/// its server key, one per app and client address for its client key, one per device key.
///
/// Memory stays bounded: each kind keeps at most `capacity` buckets. When a new caller
/// finds its kind full, the buckets at least half full are forgotten (a caller forgotten
/// gets back at most half a burst, and an attacker who keeps its bucket low keeps it);
/// if none is, the new caller shares one of `overflowBuckets` with others past the cap,
/// picked by its key, so a flood of new callers cannot push out the ones being limited.
final class APIRateLimiter: Sendable {
    /// Whose bucket a request spends.
    enum Caller: Sendable, Hashable {
        case server(app: String)
        /// The client key, from a client address (`nil`: unknown).
        case client(app: String, address: IPAddress?)
        case device(app: String, id: String)
    }

    let limits: APIRateLimits
    let capacity: Int
    static let overflowBuckets = 1024
    private let server = Locked(RateLimiter())
    private let clients = Locked(RateLimiter())
    private let devices = Locked(RateLimiter())

    init(_ limits: APIRateLimits, capacity: Int = 100_000) {
        self.limits = limits
        self.capacity = capacity
    }

    /// The rate and burst that apply to `caller`; `nil`: not limited.
    func rate(_ caller: Caller) -> (rate: Double, burst: Double)? {
        switch caller {
        case .server: limits.server.flatMap { $0 > 0 ? ($0, max(1, $0)) : nil }
        case .client: limits.client.flatMap { $0 > 0 ? ($0, max(1, limits.clientBurst)) : nil }
        case .device: limits.device.flatMap { $0 > 0 ? ($0, max(1, limits.deviceBurst)) : nil }
        }
    }

    /// `nil` when the request may go on now, or the seconds until it may.
    func admit(_ caller: Caller, now: Double) -> Double? {
        guard let (rate, burst) = rate(caller) else { return nil }
        let (buckets, key) = bucket(caller)
        return buckets.withLock { limiter in
            var key = key
            if !limiter.has(key), limiter.count >= capacity {
                limiter.forget(atLeast: burst / 2, rate: rate, burst: burst, now: now)
                if limiter.count >= capacity { key = Self.overflowKey(key) }
            }
            guard limiter.take(app: key, rate: rate, burst: burst, wanted: 1, now: now) == 0 else { return nil }
            return max(limiter.wait(app: key, rate: rate), 1 / rate)
        }
    }

    /// Buckets kept now, by kind (tests).
    var tracked: (server: Int, clients: Int, devices: Int) {
        (server.withLock { $0.count }, clients.withLock { $0.count }, devices.withLock { $0.count })
    }

    private func bucket(_ caller: Caller) -> (Locked<RateLimiter>, String) {
        switch caller {
        case .server(let app): (server, app)
        case .client(let app, let address): (clients, app + "\u{0}" + (address?.limitKey ?? "unknown"))
        case .device(let app, let id): (devices, app + "\u{0}" + id)
        }
    }

    static func overflowKey(_ key: String) -> String {
        RateLimiter.sharedKey(for: key, among: overflowBuckets)
    }
}
