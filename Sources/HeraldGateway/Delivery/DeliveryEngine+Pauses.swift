import Foundation
import HeraldAPNsModel
import HeraldShared
import HeraldStore

extension DeliveryEngine {
    /// The push service (`service`: APNs, fcm) answered `cause` with `Retry-After`: the app's
    /// deliveries in that environment wait at least that long (at most `policy.maxRetryAfter`).
    /// Returns when they may go again.
    func honourRetryAfter(_ seconds: Double, _ key: DeliveryPauses.Key, cause: String, service: String, now: Double) -> Double {
        let until = now + min(seconds, policy.maxRetryAfter)
        pause(
            key, kind: .retryAfter, until: until, cause: "\(cause) with Retry-After \(Self.seconds(seconds)) s", service: service,
            level: .warning, now: now)
        return pauses.until(key) ?? until
    }

    /// The push service refused the credentials (`cause`), or the app has none for the route
    /// (`RoutePause.noCredentials`): the app's deliveries on that route pause for the backoff
    /// of the refusals in a row (the rest of a refused batch joins the pause). Returns when
    /// they may go again.
    func pauseForCredentials(_ key: DeliveryPauses.Key, cause: String, service: String, now: Double) -> Double {
        if let until = pauses.until(key) { return until }
        let until = now + policy.backoff.delay(attempt: pauses.strike(key), jitter: jitter())
        pause(key, kind: .credentials, until: until, cause: cause, service: service, level: .error, now: now)
        return until
    }

    /// Ends the pauses that are over at `now`, one log line each. A `Retry-After` pause is
    /// over for the other processes too; a credentials pause stays recorded until the
    /// service takes a notification (`routeWorks`) or the credentials are replaced.
    func resumeEndedPauses(now: Double) {
        for (key, pause) in pauses.expire(now: now) {
            logger.log(.warning, "herald gateway: resuming \(key) after a pause of \(Self.seconds(pause.length)) s (\(pause.reason))")
            if pause.kind == .retryAfter { endRecordedPause(key) }
        }
    }

    /// The service took a notification on `key`'s route: the next refusal starts over, and
    /// a pause recorded for it is over (one store write per route after each pause).
    func routeWorks(_ key: DeliveryPauses.Key) {
        pauses.clearStrikes(key)
        guard pauses.markWorking(key) else { return }
        endRecordedPause(key)
    }

    /// Pauses `key`; when it was not paused already, logs one line (not one per
    /// notification), records the pause for the API of every process and counts it.
    private func pause(
        _ key: DeliveryPauses.Key, kind: RoutePause.Kind, until: Double, cause: String, service: String, level: LogLevel, now: Double
    ) {
        guard pauses.pause(key, kind: kind, until: until, reason: cause, now: now) else { return }
        let recorded = RoutePause(route: key.route, kind: kind, reason: cause, since: now, until: until)
        logger.log(
            level,
            "herald gateway: pausing \(key) for \(Self.seconds(until - now)) s: \(service) answered \(cause). Fix: \(recorded.fix(appID: key.app))"
        )
        let labels = [("app", key.app), ("route", key.route.name)]
        metrics.increment("herald_route_pauses_total", labels + [("kind", kind.rawValue)])
        metrics.set("herald_route_paused", labels, 1)
        do {
            try store.recordRoutePause(appID: key.app, recorded)
        } catch {
            logger.log(.error, "herald gateway: cannot record the pause of \(key) (\(error)); the API will not show it")
        }
    }

    private func endRecordedPause(_ key: DeliveryPauses.Key) {
        metrics.set("herald_route_paused", [("app", key.app), ("route", key.route.name)], 0)
        do {
            try store.endRoutePause(appID: key.app, route: key.route)
        } catch {
            pauses.forgetWorking(key)  // tried again at the next notification taken
            logger.log(.error, "herald gateway: cannot record the end of the pause of \(key) (\(error))")
        }
    }

    /// Seconds for a log line: tenths below 10 s (never "0 s"), whole seconds above.
    static func seconds(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded(.up))) : String(format: "%.1f", max(0.1, (value * 10).rounded(.up) / 10))
    }
}
