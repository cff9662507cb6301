/// Sends the Service Extension's `delivered` receipt at once, from the extension, instead
/// of leaving it for the app's next launch: one try, given `timeout` seconds on the clock.
/// The receipt is in the outbox first (durable), so nothing is lost either way: what the
/// server takes (or refuses for good) is acknowledged there; after a failure or no answer
/// in time it stays pending and the app's `ReceiptSender` sends it later.
@MainActor
public final class ExtensionReceiptSender {
    public let outbox: ReceiptOutbox
    let transport: any ReceiptTransport
    let clock: any HeraldClock
    /// Seconds the send may take; iOS ends the extension soon after delivery.
    public let timeout: Double
    private let logger: any HeraldLogger

    public init(
        outbox: ReceiptOutbox, transport: any ReceiptTransport, clock: any HeraldClock, timeout: Double = 5,
        logger: any HeraldLogger = SilentLogger()
    ) {
        self.outbox = outbox
        self.transport = transport
        self.clock = clock
        self.timeout = timeout
        self.logger = logger
    }

    /// Sends the pending `delivered` receipt of `notificationID`, if any. `done` gets the
    /// server's answer, `.failed` when the timeout came first, or `nil` when there was
    /// nothing to send; once.
    public func sendDelivered(_ notificationID: String, done: (@MainActor (ReceiptDelivery?) -> Void)? = nil) {
        let batch: [Receipt]
        do {
            batch = try outbox.pending().filter { $0.notificationID == notificationID && $0.kind == .delivered }
        } catch {
            logger.log(.error, "herald extension: cannot read the outbox: \(error)")
            done?(nil)
            return
        }
        guard !batch.isEmpty else {
            done?(nil)
            return
        }
        var settled = false
        let settle: @MainActor (ReceiptDelivery) -> Void = { delivery in
            guard !settled else { return }
            settled = true
            done?(delivery)
        }
        let timer = clock.schedule(after: timeout) { [timeout] in
            settle(.failed("no answer within \(timeout) s; the app sends it later"))
        }
        // Held until the answer comes: the extension's pipeline may be gone by then.
        transport.send(batch) { delivery in
            timer.cancel()
            self.acknowledge(batch, delivery)
            settle(delivery)
        }
    }

    /// A late answer still counts: what the server took is not sent again.
    private func acknowledge(_ batch: [Receipt], _ delivery: ReceiptDelivery) {
        switch delivery {
        case .accepted: break
        case .refused(let status, let message):
            logger.log(.warning, "herald extension: the server refused the delivered receipt for good (HTTP \(status)): \(message)")
        case .failed(let reason):
            logger.log(.info, "herald extension: delivered receipt not sent (\(reason)); the app sends it later")
        }
        do {
            try outbox.settle(batch, after: delivery)
        } catch {
            logger.log(.error, "herald extension: cannot update the outbox: \(error)")
        }
    }
}
