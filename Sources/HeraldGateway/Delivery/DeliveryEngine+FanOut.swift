import HeraldStore

/// Fan-out, a step at a time: apps take turns (the step after one of app A's serves the
/// next app by id that has a publish to fan out), so one app's large or slow publish
/// delays only that app's; a step that fails is counted against its publish, and a
/// publish whose steps keep running past the store timeout has its fan-out stopped with
/// the reason kept (`error` in its status) instead of being tried for ever.
extension DeliveryEngine {
    /// One fan-out step; whether it found a publish to fan out (or to give up on).
    func fanOutStep(now: Double) throws -> Bool {
        let progress: FanOutProgress?
        do {
            progress = try store.fanOutStep(limit: policy.fanOutBatch, now: now, claim: fanOutClaim(), afterApp: fanOutTurn)
        } catch let failure as FanOutStepError {
            try failed(failure, now: now)
            return true
        }
        guard let progress else { return false }
        fanOutTurn = progress.appID
        fanOutFailures[progress.publishID] = nil
        metrics.increment("herald_fanout_deliveries_total", [("app", progress.appID)], by: Double(progress.created))
        if !progress.claimed.isEmpty, let app = try store.app(id: progress.appID) {
            try dispatch(progress.claimed, app: app, now: now)
        }
        return true
    }

    /// Counts a failed step against its publish; at `policy.maxFanOutFailures` steps in a
    /// row stopped at the store timeout, stops its fan-out. A database out of reach stops
    /// nothing: its publishes go on once it is back.
    private func failed(_ failure: FanOutStepError, now: Double) throws {
        fanOutTurn = failure.appID
        metrics.increment("herald_fanout_step_failures_total", [("app", failure.appID)])
        guard failure.underlying.reason == .timedOut else {
            logger.log(.error, "herald gateway: \(failure); retrying")
            return
        }
        if fanOutFailures.count > 10_000 { fanOutFailures = [:] }
        let count = (fanOutFailures[failure.publishID] ?? 0) + 1
        fanOutFailures[failure.publishID] = count
        guard count >= policy.maxFanOutFailures else {
            logger.log(.error, "herald gateway: \(failure) (\(count) of \(policy.maxFanOutFailures) before its fan-out is stopped)")
            return
        }
        fanOutFailures[failure.publishID] = nil
        let steps = "\(count) fan-out steps in a row ran past the store timeout and were stopped"
        let reason =
            failure.filtered
            ? "filter too expensive: \(steps); the devices reached before go on, no more are; narrow the filter (fewer tag conditions, shorter in lists) and publish again"
            : "fan-out stopped: \(steps); the devices reached before go on, no more are"
        if try store.stopFanOut(publishID: failure.publishID, reason: reason, now: now) {
            metrics.increment("herald_fanout_stopped_total", [("app", failure.appID)])
            logger.log(.error, "herald gateway: publish \(failure.publishID): \(reason)")
        }
    }
}
