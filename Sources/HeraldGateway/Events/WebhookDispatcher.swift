import Foundation
import HeraldShared
import HeraldStore

/// Sends every app's events to its webhook endpoints, in log order per endpoint, at least
/// once: the cursor moves only when an endpoint answers 2xx (or past events it does not ask
/// for). One thread does the store's work; requests go out through the transport, many at
/// once, each endpoint one at a time (its claim, like a delivery's, keeps other gateways
/// off it until it is answered or the claim runs out). A failure waits its turn in the
/// retry schedule; 410, or a schedule exhausted, disables the endpoint with its reason and
/// keeps its events. Nothing here waits on an endpoint: a slow or dead one holds only its
/// own place in `policy.concurrency` for at most `policy.timeout`.
public final class WebhookDispatcher: Sendable {
    let store: any GatewayStore
    /// Nil: this process sends nothing (its dispatcher only prunes the log).
    let transport: (any WebhookTransport)?
    public let policy: WebhookPolicy
    let clock: any ServerClock
    let wallTime: @Sendable () -> Double
    let metrics: GatewayMetrics
    let logger: any HeraldLogger
    /// The process whose claims these are.
    let owner: String
    private let wakeup = DispatchSemaphore(value: 0)
    private struct State {
        var running = false
        var stopped = false
        /// Endpoints whose request is out, and the answers that came back.
        var sending: Set<String> = []
        var answered: [(WebhookRecord, WebhookMessage, WebhookAnswer, Double)] = []
        var nextSampleAt = 0.0
        var nextPruneAt = 0.0
    }
    private let state = Locked(State())
    private let finished = DispatchSemaphore(value: 0)

    public init(
        store: any GatewayStore, transport: (any WebhookTransport)?, policy: WebhookPolicy = WebhookPolicy(), owner: String,
        clock: any ServerClock = LiveServerClock(), wallTime: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
        metrics: GatewayMetrics = GatewayMetrics(), logger: any HeraldLogger = SilentLogger()
    ) {
        self.store = store
        self.transport = transport
        self.policy = policy
        self.owner = owner
        self.clock = clock
        self.wallTime = wallTime
        self.metrics = metrics
        self.logger = logger
    }

    /// Starts the dispatcher's thread.
    public func start() {
        guard state.withLock({ state in
            defer { state.running = true }
            return !state.running
        }) else { return }
        let thread = Thread { [self] in
            while !state.withLock({ $0.stopped }) {
                step()
                let timer = clock.schedule(after: policy.pollInterval) { [wakeup] in wakeup.signal() }
                wakeup.wait()
                timer.cancel()
            }
            finished.signal()
        }
        thread.name = "herald-webhooks"
        thread.start()
    }

    /// Stops the thread after its step; answers still out are dropped (their endpoints'
    /// claims run out and the events are sent again).
    public func stop() {
        let running = state.withLock { state in
            state.stopped = true
            return state.running
        }
        guard running else { return }
        wakeup.signal()
        finished.wait()
    }

    /// One turn: the answers that came back recorded, then the endpoints due claimed and
    /// their next requests sent. Store failures are logged and the turn ends; the claims
    /// run out and the next turns take up again.
    public func step() {
        do {
            let answers = state.withLock { state in
                defer { state.answered = [] }
                return state.answered
            }
            for (index, (hook, message, answer, sentAt)) in answers.enumerated() {
                do {
                    try record(hook, message, answer, sentAt: sentAt)
                } catch {
                    // Kept for the next turn: the store could not record them now.
                    state.withLock { $0.answered.insert(contentsOf: answers[index...], at: 0) }
                    throw error
                }
            }
            try prune(now: wallTime())
            metrics.setSeries("herald_events_written_total", EventLogCounter.totals().map { ([("app", $0.key)], Double($0.value)) })
            guard transport != nil else { return }
            let room = policy.concurrency - state.withLock { $0.sending.count }
            guard room > 0 else { return }
            let now = wallTime()
            for hook in try store.claimWebhooks(owner: owner, now: now, hold: policy.timeout + 30, limit: room)
            where !state.withLock({ $0.sending.contains(hook.id) }) {
                // (One with a request out is this process's already: its answer goes on with it.)
                try send(hook, now: now)
            }
            try sample(now: now)
        } catch {
            logger.log(.error, "webhooks: \(error)")
        }
    }

    /// The endpoint's next request, or its cursor moved past what it does not ask for.
    private func send(_ hook: WebhookRecord, now: Double) throws {
        guard let selector = try? EventSelector(hook.events) else {
            try finish(hook, to: nil, attempt: nil, failures: hook.failures, nextAt: now, disable: "bad_events", now: now)
            return
        }
        let page = try store.events(appID: hook.appID, after: hook.cursor, limit: max(policy.batchSize * 4, 400))
        let (skipped, message) = WebhookMessage.next(page, selector: selector, batchSize: policy.batchSize, now: now)
        guard let message else {
            try finish(hook, to: skipped, attempt: nil, failures: hook.failures, nextAt: now, disable: nil, now: now)
            return
        }
        if let skipped, skipped != hook.cursor {
            // Passed over now, so that a failing request does not keep them from being skipped.
            try finish(hook, to: skipped, attempt: nil, failures: hook.failures, nextAt: now, disable: nil, now: now, keepClaim: true)
        }
        var moved = hook
        moved.cursor = skipped ?? hook.cursor
        let claimed = moved
        state.withLock { _ = $0.sending.insert(hook.id) }
        let request = WebhookRequest(
            url: hook.url, headers: message.headers(timestamp: Int(now), secrets: hook.signingSecrets(now: now)), body: Array(message.body.utf8),
            timeout: policy.timeout)
        let sentAt = clock.now
        transport?.post(request) { [self] answer in
            state.withLock { state in
                state.sending.remove(hook.id)
                state.answered.append((claimed, message, answer, sentAt))
            }
            wakeup.signal()
        }
    }

    /// What an answer does: 2xx moves the cursor past the message's events; 410 disables;
    /// anything else waits its turn in the schedule, past which the endpoint is disabled.
    private func record(_ hook: WebhookRecord, _ message: WebhookMessage, _ answer: WebhookAnswer, sentAt: Double) throws {
        let now = wallTime()
        let attempt = WebhookAttempt(
            at: now, status: answer.status, error: answer.error, events: message.events.count, firstEvent: message.events.first?.cursor.seq,
            duration: max(0, clock.now - sentAt))
        let status = answer.status ?? 0
        let outcome: String
        if (200...299).contains(status) {
            outcome = "ok"
            metrics.increment("herald_webhook_events_total", [("app", hook.appID)], by: Double(message.events.count))
            // The claim kept: the next request goes at once, one write for this answer and no claim.
            let hold = now + policy.timeout + 30
            if try finish(hook, to: message.events.last?.cursor, attempt: attempt, failures: 0, nextAt: now, disable: nil, now: now, holdUntil: hold),
                state.withLock({ !$0.stopped }), transport != nil
            {
                var next = hook
                (next.cursor, next.failures) = (message.events.last?.cursor ?? hook.cursor, 0)
                try send(next, now: now)
            }
        } else if status == 410 {
            outcome = "gone"
            try finish(hook, to: nil, attempt: attempt, failures: hook.failures + 1, nextAt: now, disable: "gone", now: now)
        } else {
            outcome = answer.error?.hasPrefix("refused:") == true ? "refused" : "failed"
            let failures = hook.failures + 1
            let exhausted = failures > policy.retrySchedule.count
            let wait = exhausted ? 0 : policy.retrySchedule[failures - 1]
            try finish(
                hook, to: nil, attempt: attempt, failures: failures, nextAt: now + wait, disable: exhausted ? "retries_exhausted" : nil,
                now: now)
        }
        metrics.increment("herald_webhook_requests_total", [("app", hook.appID), ("outcome", outcome)])
    }

    /// Records what became of `hook`; whether it is still this process's (`holdUntil`).
    @discardableResult
    private func finish(
        _ hook: WebhookRecord, to: EventCursor?, attempt: WebhookAttempt?, failures: Int, nextAt: Double, disable: String?, now: Double,
        keepClaim: Bool = false, holdUntil: Double? = nil
    ) throws -> Bool {
        if keepClaim {
            // The cursor alone, the claim kept: `advance` checks the claim and the old cursor.
            return try store.finishWebhook(
                WebhookProgress(
                    id: hook.id, owner: owner, from: hook.cursor, to: to, attempt: nil, failures: failures, nextAt: nextAt, disable: nil,
                    now: now, release: false))
        }
        if let disable { disabled(hook, disable) }
        return try store.finishWebhook(
            WebhookProgress(
                id: hook.id, owner: owner, from: hook.cursor, to: to, attempt: attempt, failures: failures, nextAt: nextAt, disable: disable,
                now: now, holdUntil: holdUntil))
    }

    private func disabled(_ hook: WebhookRecord, _ reason: String) {
        metrics.increment("herald_webhook_disabled_total", [("app", hook.appID), ("reason", reason)])
        logger.log(.warning, "webhook \(hook.id) of app \(hook.appID) disabled: \(reason); its events are kept until it is enabled again")
    }

    /// Once a minute: events and audit entries older than their retention, and people's
    /// sessions and invites that ended, a bounded number a step.
    private func prune(now: Double) throws {
        guard state.withLock({ state in
            guard now >= state.nextPruneAt else { return false }
            state.nextPruneAt = now + 60
            return true
        }) else { return }
        for _ in 0..<20 where try store.pruneEvents(before: now - policy.eventRetention, limit: 5000) == 5000 {}
        for _ in 0..<20 where try store.pruneAudit(before: now - policy.auditRetention, limit: 5000) == 5000 {}
        for _ in 0..<20 where try store.pruneSessions(before: now, limit: 5000) == 5000 {}
    }

    /// Every few seconds: each enabled endpoint's backlog (and its bound: past it the
    /// endpoint is disabled, `backlog_full`).
    private func sample(now: Double) throws {
        guard state.withLock({ state in
            guard now >= state.nextSampleAt else { return false }
            state.nextSampleAt = now + 10
            return true
        }) else { return }
        var depths: [([(String, String)], Double)] = []
        var ages: [([(String, String)], Double)] = []
        for hook in try store.enabledWebhooks(limit: 10_000) {
            let (count, oldest) = try store.webhookBacklog(
                appID: hook.appID, after: hook.cursor, matching: try? EventSelector(hook.events), limit: policy.maxBacklog + 1)
            let labels = [("app", hook.appID), ("webhook", hook.id)]
            depths.append((labels, Double(count)))
            ages.append((labels, oldest.map { max(0, now - $0) } ?? 0))
            if count > policy.maxBacklog, try store.disableWebhook(appID: hook.appID, id: hook.id, reason: "backlog_full", now: now) {
                disabled(hook, "backlog_full")
            }
        }
        metrics.setSeries("herald_webhook_backlog_events", depths)
        metrics.setSeries("herald_webhook_backlog_age_seconds", ages)
    }
}
