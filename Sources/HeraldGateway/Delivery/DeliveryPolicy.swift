import HeraldShared

/// How the delivery workers pace themselves.
public struct DeliveryPolicy: Sendable {
    /// Notifications per deliverer call.
    public var batchSize = 500
    /// Devices a fan-out step looks at (one transaction); a step that claims what it makes
    /// (`FanOutClaim`) claims no more than the batches not in flight hold.
    public var fanOutBatch = 2000
    /// Fan-out steps of one publish stopped at the store timeout in a row before its
    /// fan-out is stopped, its reason kept (`DeliveryEngine+FanOut`).
    public var maxFanOutFailures = 3
    /// Batches handed to the deliverer at once.
    public var maxBatchesInFlight = 4
    /// Attempts before a retryable failure is given up.
    public var maxAttempts = 12
    /// Retry waits: 1 s × 2^n capped at 5 min, equal jitter.
    public var backoff = Backoff(base: 1, cap: 300)
    /// The longest pause a `Retry-After` from APNs may ask for (seconds): a broken header
    /// never stops an app's deliveries for good.
    public var maxRetryAfter = 3600.0
    /// How long the workers sleep when idle before looking again (a publish wakes them at once).
    public var idlePoll = 1.0
    /// How long they wait before looking again at a fan-out they could not take because
    /// another process on the database holds that publish for a step (a finished batch or a
    /// new publish wakes them sooner).
    public var busyFanOutWait = 0.005
    /// How long a finished publish keeps its per-device deliveries and receipts (seconds;
    /// `nil`: forever). Its statistics stay. 7 days: receipts come in within hours, and
    /// 100,000 deliveries take about 40 MB.
    public var retention: Double? = 7 * 86_400
    /// Deliveries deleted per pruning step, and how often pruning looks (seconds).
    public var pruneBatch = 5000
    public var pruneInterval = 60.0
    /// How long a process may go unseen before the others on a shared store take over the
    /// deliveries it has in flight (seconds). It beats every third of this. Longer: fewer
    /// writes, a killed process's deliveries wait longer; shorter than a few seconds: a
    /// process held up (a pause of its host, a slow database) loses its deliveries to the
    /// others and APNs shows them twice.
    public var lease = 30.0
    /// How long a claimed channel operation (create, delete at APNs) is left to its process
    /// before another may try it (seconds): longer than any one APNs request takes.
    public var channelOperationHold = 60.0
    /// How often a broadcast to a channel still being made looks again (seconds); the
    /// wait costs no attempt.
    public var channelWait = 1.0

    public init() {}
}
