/// Sends the outbox's receipts in batches through a transport, on the injected clock:
/// coalesces new receipts for a moment, retries failures with backoff, drops permanent
/// refusals with a log line, resumes after relaunch from the outbox, flushes on demand.
@MainActor
public final class ReceiptSender {
    public let outbox: ReceiptOutbox
    let transport: any ReceiptTransport
    let clock: any HeraldClock
    public var batchSize: Int
    /// How long new receipts wait for company before a send.
    public var coalescing: Double
    public let backoff: Backoff
    private let jitter: () -> Double
    private let logger: any HeraldLogger

    public private(set) var isSending = false
    /// Failures in a row; the next retry waits `backoff.delay(attempt:)`.
    public private(set) var attempt = 0
    private var timer: ClockTimer?

    public init(
        outbox: ReceiptOutbox, transport: any ReceiptTransport, clock: any HeraldClock, batchSize: Int = 100,
        coalescing: Double = 1, backoff: Backoff = Backoff(), jitter: @escaping () -> Double = { Double.random(in: 0...1) },
        logger: any HeraldLogger = SilentLogger()
    ) {
        self.outbox = outbox
        self.transport = transport
        self.clock = clock
        self.batchSize = max(1, batchSize)
        self.coalescing = coalescing
        self.backoff = backoff
        self.jitter = jitter
        self.logger = logger
    }

    /// New receipts are in the outbox: send them soon, with whatever else arrives meanwhile.
    public func receiptsAdded() {
        // While a batch is out, its completion sends the rest.
        guard timer == nil, !isSending else { return }
        timer = clock.schedule(after: coalescing) { [weak self] in
            self?.timer = nil
            self?.flush()
        }
    }

    /// Sends what is pending now (at launch, and when the app goes to the background);
    /// a retry waiting for its backoff is brought forward.
    public func flush() {
        timer?.cancel()
        timer = nil
        guard !isSending else { return }
        let batch: [Receipt]
        do {
            batch = try outbox.pending(limit: batchSize)
        } catch {
            logger.log(.error, "herald receipts: cannot read the outbox: \(error)")
            return
        }
        guard !batch.isEmpty else { return }
        isSending = true
        transport.send(batch) { [weak self] delivery in self?.finish(batch, delivery) }
    }

    private func finish(_ batch: [Receipt], _ delivery: ReceiptDelivery) {
        isSending = false
        do {
            if case .refused(let status, let message) = delivery {
                logger.log(.warning, "herald receipts: \(batch.count) dropped, the server refused them for good (HTTP \(status)): \(message)")
            }
            if try outbox.settle(batch, after: delivery) {
                attempt = 0
            } else if case .failed(let reason) = delivery {
                let wait = backoff.delay(attempt: attempt, jitter: jitter())
                attempt += 1
                logger.log(.info, "herald receipts: send failed (\(reason)); retry \(attempt) in \(wait) s")
                timer = clock.schedule(after: wait) { [weak self] in
                    self?.timer = nil
                    self?.flush()
                }
                return
            }
        } catch {
            logger.log(.error, "herald receipts: cannot update the outbox: \(error)")
            return
        }
        flush()
    }
}
