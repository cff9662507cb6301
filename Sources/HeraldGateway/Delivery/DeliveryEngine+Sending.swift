import Foundation
import HeraldAPNsModel
import HeraldShared
import HeraldStore

extension DeliveryEngine {
    /// The reason an FCM delivery fails with when the gateway has no FCM deliverer.
    static let noFCMDeliverer = "no FCM deliverer configured"

    /// Sends claimed jobs, one deliverer call per route (each APNs environment, FCM), each
    /// as its own task; expired jobs are settled without sending, and so are FCM jobs when
    /// the gateway has no FCM deliverer (an Android token never reaches APNs).
    func send(_ jobs: [DeliveryJob], app: AppRecord, now: Double) throws {
        var settled: [(DeliveryResult, PushPlatform)] = []
        var byRoute: [DeliveryRoute: [DeliveryJob]] = [:]
        for job in jobs {
            if let expiration = job.options.expiration, expiration < now {
                settled.append((DeliveryResult(seq: job.seq, outcome: .failed(reason: "Expired")), job.platform))
            } else if job.route == .fcm && fcmDeliverer == nil {
                settled.append((DeliveryResult(seq: job.seq, outcome: .failed(reason: Self.noFCMDeliverer)), job.platform))
            } else if job.platform == .apns && ChannelRecord.isChannelID(job.token) {
                try sendBroadcast(job, app: app, now: now)
            } else {
                byRoute[job.route, default: []].append(job)
            }
            if job.inDoubt { metrics.increment("herald_deliveries_in_doubt_total", [("app", app.id)]) }
        }
        if !settled.isEmpty {
            record(settled.map(\.0), now: now)
            for (platform, count) in Dictionary(grouping: settled, by: \.1).mapValues(\.count) {
                metrics.increment(
                    "herald_deliveries_total", [("app", app.id), ("platform", platform.rawValue), ("outcome", "failed")], by: Double(count))
            }
        }
        for (route, batch) in byRoute.sorted(by: { $0.key.key < $1.key.key }) {
            let notifications = batch.map { OutgoingNotification($0, bundleID: app.bundleID) }
            switch route {
            case .apns(let environment):
                let (deliverer, credentials) = (self.deliverer, app.credentials(for: environment))
                guard credentials != nil || deliverer.sendsWithoutCredentials else {
                    holdWithoutCredentials(batch, route: route, service: "APNs", app: app, now: now)
                    continue
                }
                launch(batch, app: app, now: now) { await deliverer.deliver(notifications, credentials: credentials) }
            case .fcm:
                guard let deliverer = fcmDeliverer else { continue }  // settled above
                let credentials = app.fcmCredentials
                guard credentials != nil || deliverer.sendsWithoutCredentials else {
                    holdWithoutCredentials(batch, route: route, service: "fcm", app: app, now: now)
                    continue
                }
                launch(batch, app: app, now: now) { await deliverer.deliver(notifications, credentials: credentials) }
            }
        }
        metrics.set("herald_deliveries_in_flight", Double(notificationsInFlight))
    }

    /// The app has no credentials for `route`: nothing is sent; the route pauses as for
    /// refused credentials, and the jobs are retried after the pause (failed as
    /// `NoCredentials` after the last attempt), so credentials added meanwhile send them.
    private func holdWithoutCredentials(_ jobs: [DeliveryJob], route: DeliveryRoute, service: String, app: AppRecord, now: Double) {
        let key = DeliveryPauses.Key(app: app.id, route: route)
        let until = pauseForCredentials(key, cause: RoutePause.noCredentials, service: service, now: now)
        let results = jobs.map {
            DeliveryResult(seq: $0.seq, outcome: retry($0, reason: "NoCredentials", detail: RoutePause.noCredentials, now: now, notBefore: until))
        }
        record(results, now: now)
        let platform = (jobs.first?.platform ?? .apns).rawValue
        for (outcome, count) in Dictionary(grouping: results, by: { if case .failed = $0.outcome { "failed" } else { "retried" } }) {
            metrics.increment(
                "herald_deliveries_total", [("app", app.id), ("platform", platform), ("outcome", outcome)], by: Double(count.count))
        }
    }

    /// Runs one deliverer call for `jobs` as a task of its own and records its outcomes
    /// when it answers; `now` is when it was sent (wall time).
    func launch(_ jobs: [DeliveryJob], app: AppRecord, now: Double, _ call: @escaping @Sendable () async -> [DeliveryOutcome]) {
        let started = clock.now
        let id = nextTaskID()
        notificationsInFlight += jobs.count
        inFlight[id] = Task {
            let outcomes = await call()
            self.finish(jobs, outcomes, app: app, started: started, sentAt: now)
            self.inFlight[id] = nil
            self.notificationsInFlight -= jobs.count
            self.metrics.set("herald_deliveries_in_flight", Double(self.notificationsInFlight))
            self.wake()
        }
    }

    /// Records a batch's outcomes: sent, retried with backoff, failed, or invalidated.
    /// `sentAt` (wall time) bounds a dead token's invalidation when the service gives no time.
    func finish(_ jobs: [DeliveryJob], _ outcomes: [DeliveryOutcome], app: AppRecord, started: Double, sentAt: Double) {
        let now = wallTime()
        metrics.observe("herald_delivery_batch_duration_seconds", [("app", app.id)], clock.now - started)
        var results: [DeliveryResult] = []
        var tally: [String: Int] = [:]
        var latencies: [Double] = []
        for (index, job) in jobs.enumerated() {
            let outcome = index < outcomes.count ? outcomes[index] : .transportFailure("the deliverer gave no outcome")
            var result = self.result(for: job, outcome, app: app, sentAt: sentAt, now: now)
            // A channel has no device to invalidate: APNs' refusal fails the broadcast.
            if case .invalidated(let dead) = result, job.platform == .apns, ChannelRecord.isChannelID(job.token) {
                result = .failed(reason: dead.reason)
            }
            results.append(DeliveryResult(seq: job.seq, outcome: result))
            switch result {
            case .sent:
                tally["sent", default: 0] += 1
                latencies.append(max(0, now - job.dueAt))
            case .retry, .wait: tally["retried", default: 0] += 1
            case .failed: tally["failed", default: 0] += 1
            case .invalidated: tally["invalidated", default: 0] += 1
            }
        }
        if tally["sent", default: 0] > 0, let route = jobs.first?.route {
            routeWorks(DeliveryPauses.Key(app: app.id, route: route))
        }
        record(results, now: now)
        metrics.observe("herald_delivery_latency_seconds", [("app", app.id)], values: latencies)
        let platform = jobs.first?.platform.rawValue ?? PushPlatform.apns.rawValue  // a batch is one route
        for (outcome, count) in tally {
            metrics.increment("herald_deliveries_total", [("app", app.id), ("platform", platform), ("outcome", outcome)], by: Double(count))
        }
    }

    /// Records outcomes; when the store fails (disk full, locked), keeps them to record at
    /// the next step, so the deliveries are neither stuck in flight nor sent again.
    func record(_ results: [DeliveryResult], now: Double) {
        do {
            try store.completeDeliveries(unrecorded + results, now: now)
            unrecorded = []
        } catch {
            unrecorded += results
            logger.log(.error, "herald gateway: cannot record \(unrecorded.count) outcomes yet (\(error)); retrying at the next step")
        }
    }

    func result(for job: DeliveryJob, _ outcome: DeliveryOutcome, app: AppRecord, sentAt: Double, now: Double) -> DeliveryResult.Outcome {
        switch outcome {
        case .accepted(let apnsID):
            return .sent(apnsID: apnsID)
        case .transportFailure(let reason):
            return retry(job, reason: "TransportFailure", detail: reason, now: now)
        case .unsendable(let detail):
            // The detail names the field (the failures by reason show it); never retried.
            return .failed(reason: "BadRequest: " + detail)
        case .rejected(let error):
            let refusal = DeliveryRefusal(
                service: "APNs", status: error.status, reason: error.reason.text, action: RefusalAction(error), retryAfter: error.retryAfter)
            return act(on: refusal, reason: error.reason.text, invalidated: .invalidated(DeadToken(error)), job, app: app, now: now)
        case .refusal(let refusal):
            // The service gives no time the token died: a token registered again after the
            // request went out is the device's new one and stays.
            let dead = DeadToken(reason: refusal.failureReason, since: sentAt)
            return act(on: refusal, reason: refusal.failureReason, invalidated: .invalidated(dead), job, app: app, now: now)
        }
    }

    /// A refusal's action: invalidated (as `invalidated` says), failed, retried, or retried
    /// after the app's pause; a `Retry-After` pauses the app and environment first.
    private func act(
        on refusal: DeliveryRefusal, reason: String, invalidated: DeliveryResult.Outcome, _ job: DeliveryJob, app: AppRecord, now: Double
    ) -> DeliveryResult.Outcome {
        let key = DeliveryPauses.Key(app: app.id, route: job.route)
        let cause = "\(refusal.status) \(refusal.reason)"
        // The service asked for a pause: nothing more for this app and environment before it ends.
        let resumeAt = refusal.retryAfter.flatMap {
            $0 > 0 ? honourRetryAfter($0, key, cause: cause, service: refusal.service, now: now) : nil
        }
        switch refusal.action {
        case .invalidate: return invalidated
        case .fail: return .failed(reason: reason)
        case .retry: return retry(job, reason: reason, detail: "HTTP \(refusal.status)", now: now, notBefore: resumeAt)
        case .pauseForCredentials:
            let until = pauseForCredentials(key, cause: cause, service: refusal.service, now: now)
            return retry(job, reason: reason, detail: "HTTP \(refusal.status)", now: now, notBefore: max(until, resumeAt ?? until))
        }
    }

    /// Retried with backoff, and not before `notBefore` (a pause); failed after the last
    /// attempt or when the retry would come after the notification's expiration.
    func retry(_ job: DeliveryJob, reason: String, detail: String, now: Double, notBefore: Double? = nil)
        -> DeliveryResult.Outcome
    {
        guard job.attempts < policy.maxAttempts else { return .failed(reason: reason) }
        let retryAt = max(now + policy.backoff.delay(attempt: job.attempts - 1, jitter: jitter()), notBefore ?? now)
        if let expiration = job.options.expiration, retryAt > expiration { return .failed(reason: "Expired") }
        logger.log(.debug, "herald gateway: \(job.token.prefix(8))… \(reason) (\(detail)); retry \(job.attempts) at \(retryAt)")
        return .retry(reason: reason, retryAt: retryAt)
    }

    func nextTaskID() -> Int {
        defer { taskCounter += 1 }
        return taskCounter
    }
}
