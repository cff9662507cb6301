import HeraldShared
import HeraldStore

/// Which deliveries are held back, per app and route (each APNs environment and FCM has
/// its own credentials and its own limits): after the push service refused the
/// credentials, or answered with `Retry-After`. Times are wall seconds since 1970, like
/// the deliveries' due times.
struct DeliveryPauses {
    struct Key: Hashable, CustomStringConvertible {
        var app: String
        var route: DeliveryRoute

        var description: String {
            switch route {
            case .apns(let environment): "app \(app)'s \(environment.rawValue) deliveries"
            case .fcm: "app \(app)'s FCM deliveries"
            }
        }
    }

    struct Pause: Hashable {
        var kind: RoutePause.Kind
        var until: Double
        /// Why, for the log: APNs' status and reason.
        var reason: String
        /// How long it was first set for (seconds).
        var length: Double
    }

    private var pauses: [Key: Pause] = [:]
    /// Credential refusals in a row per key (each pause longer than the last); cleared
    /// when APNs accepts a notification again.
    private var strikes: [Key: Int] = [:]
    /// The keys known to have no pause recorded in the store since the service last took
    /// a notification: the next notification taken needs no write.
    private var working: Set<Key> = []

    /// Holds `key` back until `until` at least. `true` when it was not paused before (a
    /// state change, to be logged); a pause already running is only lengthened.
    mutating func pause(_ key: Key, kind: RoutePause.Kind, until: Double, reason: String, now: Double) -> Bool {
        working.remove(key)
        if var pause = pauses[key] {
            pause.until = max(pause.until, until)
            pauses[key] = pause
            return false
        }
        pauses[key] = Pause(kind: kind, until: until, reason: reason, length: until - now)
        return true
    }

    /// When `key`'s pause ends; `nil` when it is not paused.
    func until(_ key: Key) -> Double? { pauses[key]?.until }

    /// The routes of `app` held back, with when each pause ends.
    func paused(app: String) -> [DeliveryRoute: Double] {
        var found: [DeliveryRoute: Double] = [:]
        for route in DeliveryRoute.all {
            if let pause = pauses[Key(app: app, route: route)] { found[route] = pause.until }
        }
        return found
    }

    /// The apps with a route held back.
    var pausedApps: Set<String> { Set(pauses.keys.map(\.app)) }

    /// Ends the pauses that are over at `now` and returns them (to be logged).
    mutating func expire(now: Double) -> [(key: Key, pause: Pause)] {
        let over = pauses.filter { $0.value.until <= now }.sorted { $0.key.description < $1.key.description }
        for (key, _) in over { pauses[key] = nil }
        return over.map { (key: $0.key, pause: $0.value) }
    }

    /// The next refusal's number for `key` (0 for the first in a row), counted.
    mutating func strike(_ key: Key) -> Int {
        defer { strikes[key, default: 0] += 1 }
        return strikes[key] ?? 0
    }

    /// The service took a notification for `key`: the credentials work, the next refusal starts over.
    mutating func clearStrikes(_ key: Key) {
        strikes[key] = nil
    }

    /// The service took a notification for `key`: `true` the first time since the last
    /// pause (or since this process started), when a recorded pause is to be ended.
    mutating func markWorking(_ key: Key) -> Bool {
        working.insert(key).inserted
    }

    /// Ending the recorded pause failed: the next notification taken tries again.
    mutating func forgetWorking(_ key: Key) {
        working.remove(key)
    }
}
