import Foundation
import HeraldAPNsModel
import HeraldShared

extension DeliveryEngine {
    /// The push service (`service`: APNs, fcm) answered `cause` with `Retry-After`: the app's
    /// deliveries in that environment wait at least that long (at most `policy.maxRetryAfter`).
    /// Returns when they may go again.
    func honourRetryAfter(_ seconds: Double, _ key: DeliveryPauses.Key, cause: String, service: String, now: Double) -> Double {
        let until = now + min(seconds, policy.maxRetryAfter)
        pause(
            key, until: until, cause: "\(cause) with Retry-After \(Self.seconds(seconds)) s", service: service,
            advice: "\(service) asked for it", level: .warning, now: now)
        return pauses.until(key) ?? until
    }

    /// The push service refused the credentials (`cause`): the app's deliveries in that
    /// environment pause for the backoff of the refusals in a row (the rest of a refused
    /// batch joins the pause). Returns when they may go again.
    func pauseForCredentials(_ key: DeliveryPauses.Key, cause: String, service: String, now: Double) -> Double {
        if let until = pauses.until(key) { return until }
        let until = now + policy.backoff.delay(attempt: pauses.strike(key), jitter: jitter())
        let advice =
            service == "APNs"
            ? "APNs refused the credentials; fix them with 'herald app set-credentials'"
            : "\(service) refused the credentials; fix the app's \(service) credentials"
        pause(key, until: until, cause: cause, service: service, advice: advice, level: .error, now: now)
        return until
    }

    /// Ends the pauses that are over at `now`, one log line each.
    func resumeEndedPauses(now: Double) {
        for (key, pause) in pauses.expire(now: now) {
            logger.log(.warning, "herald gateway: resuming \(key) after a pause of \(Self.seconds(pause.length)) s (\(pause.reason))")
        }
    }

    /// Pauses `key`; logs one line when it was not paused already (not one per notification).
    private func pause(
        _ key: DeliveryPauses.Key, until: Double, cause: String, service: String, advice: String, level: LogLevel, now: Double
    ) {
        guard pauses.pause(key, until: until, reason: cause, now: now) else { return }
        logger.log(level, "herald gateway: pausing \(key) for \(Self.seconds(until - now)) s: \(service) answered \(cause). \(advice)")
    }

    /// Seconds for a log line: tenths below 10 s (never "0 s"), whole seconds above.
    static func seconds(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded(.up))) : String(format: "%.1f", max(0.1, (value * 10).rounded(.up) / 10))
    }
}
