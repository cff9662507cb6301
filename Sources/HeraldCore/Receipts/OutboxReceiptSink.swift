import Foundation

/// The Service Extension's receipt sink: appends a `delivered` receipt (origin
/// `extension`) to the outbox the app shares, durable before it returns. The app sends
/// it later; if the app also reports delivery, the outbox counts it once.
public final class OutboxReceiptSink: DeliveryReceiptSink, @unchecked Sendable {
    public let outbox: ReceiptOutbox
    private let logger: any HeraldLogger
    private let makeID: @Sendable () -> String

    public init(
        outbox: ReceiptOutbox, logger: any HeraldLogger = SilentLogger(),
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.outbox = outbox
        self.logger = logger
        self.makeID = makeID
    }

    public func record(_ receipt: DeliveryReceipt) {
        guard let id = receipt.notificationID else { return }
        do {
            try outbox.record([Receipt(
                id: makeID(), kind: .delivered, notificationID: id, provider: receipt.provider,
                at: receipt.deliveredAt.timeIntervalSince1970, state: .background, origin: .serviceExtension, facts: receipt.facts)])
        } catch {
            logger.log(.error, "herald extension: could not record the delivered receipt for \(id): \(error)")
        }
    }
}
