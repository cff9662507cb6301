import Foundation
import HeraldAPNsModel
import HeraldShared
import HeraldStore

/// The delivery workers: promote scheduled publishes, fan publishes out into
/// deliveries, and drain due deliveries through the deliverer in batches, recording every
/// outcome. All state is in the store, so a process killed at any moment resumes on
/// restart (`recoverInFlight` first), and on a shared store the other processes take over
/// its deliveries after a lease (`DeliveryEngine+Leases`). Waiting happens on the injected clock.
///
/// An actor on a thread of its own (`EngineExecutor`): no main actor, and its blocking
/// store calls hold no thread of the shared pool. Any thread may `wake()` or `stop()` it.
public actor DeliveryEngine {
    let store: any GatewayStore
    let deliverer: any PushDeliverer
    /// Android's deliveries; without one they fail with `noFCMDeliverer`.
    let fcmDeliverer: (any FCMDeliverer)?
    let clock: any ServerClock
    let wallTime: @Sendable () -> Double
    let metrics: GatewayMetrics
    public nonisolated let policy: DeliveryPolicy
    let jitter: @Sendable () -> Double
    let logger: any HeraldLogger
    private nonisolated let executor = EngineExecutor(name: "herald-delivery")
    private nonisolated let wakeup = EngineWakeup()
    private nonisolated let running = Locked(false)

    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    var limiter = RateLimiter()
    /// Apps' routes (APNs environments, FCM) held back (refused credentials, `Retry-After`) until a time.
    var pauses = DeliveryPauses()
    var inFlight: [Int: Task<Void, Never>] = [:]
    var taskCounter = 0
    /// Outcomes the store could not record yet; recorded first at the next step.
    var unrecorded: [DeliveryResult] = []
    var notificationsInFlight = 0
    /// When the apps held back by a pause or their rate limit can send again (wall time):
    /// the loop sleeps until then instead of polling.
    var heldUntil: Double?
    /// Whether the last step's fan-out found a publish to fan out.
    private var fanOutFound = false
    /// The app whose publish the last fan-out step served: the next serves the app after it.
    var fanOutTurn: String?
    /// Fan-out steps stopped at the store timeout in a row, by publish (`DeliveryEngine+FanOut`).
    var fanOutFailures: [String: Int] = [:]
    /// When pruning looks next (wall time); at once after a start.
    private var nextPruneAt = 0.0
    /// When the last heartbeat was recorded, and since when they have come without a gap
    /// (wall time).
    var lastBeat: Double?
    var beatingSince: Double?

    public init(
        store: any GatewayStore, deliverer: any PushDeliverer, fcmDeliverer: (any FCMDeliverer)? = nil,
        clock: any ServerClock = LiveServerClock(),
        wallTime: @escaping @Sendable () -> Double, metrics: GatewayMetrics = GatewayMetrics(), policy: DeliveryPolicy = DeliveryPolicy(),
        jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }, logger: any HeraldLogger = SilentLogger()
    ) {
        self.store = store
        self.deliverer = deliverer
        self.fcmDeliverer = fcmDeliverer
        self.clock = clock
        self.wallTime = wallTime
        self.metrics = metrics
        self.policy = policy
        self.jitter = jitter
        self.logger = logger
    }

    deinit {
        executor.finish()
    }

    /// Runs until `stop()`: steps while there is work, sleeps on the clock otherwise.
    public nonisolated func start() {
        let started = running.withLock { running -> Bool in
            defer { running = true }
            return !running
        }
        guard started else { return }
        Task { await loop() }
    }

    public nonisolated func stop() {
        running.withLock { $0 = false }
        wake()
    }

    /// Stops launching batches and waits, up to `timeout` seconds, for those in flight to
    /// be answered and recorded, so a planned restart leaves nothing in doubt. Returns how
    /// many batches were still out when the time ran out.
    @discardableResult
    public func drain(timeout: Double) async -> Int {
        stop()
        // Each finished batch wakes the sleep; the deadline is on the injected clock.
        let deadline = clock.now + max(0, timeout)
        while !inFlight.isEmpty && clock.now < deadline {
            await sleep(seconds: deadline - clock.now)
        }
        return inFlight.count
    }

    /// Something new to do (a publish was committed, a batch finished): stop sleeping.
    public nonisolated func wake() {
        wakeup.wake()
    }

    private func loop() async {
        while running.current {
            let worked = await step()
            if !worked { await sleep(seconds: idleWait()) }
        }
    }

    private func sleep(seconds: Double) async {
        await wakeup.sleep(seconds: seconds, on: clock)
    }

    /// How long to sleep: until the next scheduled publish or retry, at most `idlePoll`.
    private func idleWait() -> Double {
        guard inFlight.count < policy.maxBatchesInFlight else { return policy.idlePoll }
        let now = wallTime()
        // Nothing was done: what is due now is held back (paused, rate limited) until then.
        if let held = heldUntil { return min(policy.idlePoll, max(0.001, held - now)) }
        let next = (try? store.nextDueTime()) ?? nil
        // A fan-out is due but the last step found none to take (another process holds the
        // publish for a step): look again soon, not at once.
        if let next, next <= now, !fanOutFound { return min(policy.idlePoll, policy.busyFanOutWait) }
        let wait = next.map { max(0.001, $0 - now) } ?? policy.idlePoll
        return min(policy.idlePoll, wait)
    }

    /// One round: promote, one fan-out step, launch batches up to the in-flight limit.
    /// Returns whether it did anything.
    @discardableResult
    public func step() async -> Bool {
        let now = wallTime()
        var worked = false
        do {
            if !unrecorded.isEmpty {
                try store.completeDeliveries(unrecorded, now: now)
                unrecorded = []
            }
            try beatIfDue(now: now)
            if try store.promoteDuePublishes(now: now) > 0 { worked = true }
            fanOutFound = try fanOutStep(now: now)
            worked = fanOutFound || worked
            worked = try launchBatches(now: now) || worked
            worked = try launchChannelOperations(now: now) || worked
            worked = try prune(now: now) || worked
        } catch {
            logger.log(.error, "herald gateway: the store failed: \(error); retrying in \(policy.idlePoll) s")
            return false
        }
        return worked
    }

    /// Runs rounds until nothing is due now and nothing is in flight (tests, benchmarks).
    /// Outcomes the store keeps refusing are retried for at most 100 rounds.
    public func runUntilIdle() async {
        var idleRounds = 0
        while true {
            let worked = await step()
            let tasks = Array(inFlight.values)
            for task in tasks { await task.value }
            guard !worked && tasks.isEmpty && inFlight.isEmpty else { continue }
            idleRounds += 1
            if unrecorded.isEmpty || idleRounds >= 100 { return }
        }
    }

    private func launchBatches(now: Double) throws -> Bool {
        var launched = false
        heldUntil = nil
        resumeEndedPauses(now: now)
        for appID in try store.appsWithDueDeliveries(now: now) {
            guard inFlight.count < policy.maxBatchesInFlight else { break }
            let paused = pauses.paused(app: appID)
            if let until = paused.values.min() { hold(until: until) }
            if paused.count == DeliveryRoute.all.count { continue }
            guard let app = try store.app(id: appID) else { continue }
            let allowed = limiter.take(app: appID, rate: app.rateLimit, wanted: policy.batchSize, now: clock.now)
            guard allowed > 0 else {
                hold(until: now + limiter.wait(app: appID, rate: app.rateLimit))
                continue
            }
            let claimed = try store.claimDeliveries(appID: appID, now: now, limit: allowed, excluding: Set(paused.keys))
            limiter.refund(app: appID, count: allowed - claimed.filter { !$0.capped }.count)
            guard !claimed.isEmpty else { continue }
            launched = true
            try dispatch(claimed, app: app, now: now)
        }
        return launched
    }

    /// What a fan-out step may claim (`FanOutClaim`): as many deliveries as the batches
    /// not in flight hold, none of an app with a route paused.
    func fanOutClaim() -> FanOutClaim {
        FanOutClaim(limit: max(0, policy.maxBatchesInFlight - inFlight.count) * policy.batchSize, excludedApps: pauses.pausedApps)
    }

    /// Sends deliveries just claimed, a batch at a time; those a frequency cap held back
    /// were finished by the claim: counted, not sent.
    func dispatch(_ claimed: [DeliveryJob], app: AppRecord, now: Double) throws {
        for (platform, count) in Dictionary(grouping: claimed.filter(\.capped), by: \.platform).mapValues(\.count) {
            metrics.increment(
                "herald_deliveries_total", [("app", app.id), ("platform", platform.rawValue), ("outcome", "capped")], by: Double(count))
        }
        let jobs = claimed.filter { !$0.capped }
        let size = max(1, policy.batchSize)
        for start in stride(from: 0, to: jobs.count, by: size) {
            try send(Array(jobs[start..<min(jobs.count, start + size)]), app: app, now: now)
        }
    }

    /// Deletes a batch of old deliveries, and of inbox messages expired or past the
    /// retention, when it is time; true when more are left.
    private func prune(now: Double) throws -> Bool {
        guard now >= nextPruneAt else { return false }
        let messages = try store.pruneInbox(now: now, before: policy.retention.map { now - $0 }, limit: policy.pruneBatch)
        if messages > 0 { metrics.increment("herald_inbox_messages_pruned_total", [], by: Double(messages)) }
        guard let retention = policy.retention else {
            nextPruneAt = now + policy.pruneInterval
            return messages == policy.pruneBatch
        }
        let progress = try store.pruneFinished(before: now - retention, limit: policy.pruneBatch)
        if progress.deleted > 0 { metrics.increment("herald_deliveries_pruned_total", [], by: Double(progress.deleted)) }
        guard progress.more || messages == policy.pruneBatch else {
            nextPruneAt = now + policy.pruneInterval
            return false
        }
        return true
    }

    private func hold(until time: Double) {
        heldUntil = min(heldUntil ?? time, time)
    }
}
