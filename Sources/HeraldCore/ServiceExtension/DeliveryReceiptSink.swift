import Foundation

/// A "delivered" receipt: the Service Extension handed the content to the system.
public struct DeliveryReceipt: Sendable, Hashable {
    /// The message id (provider's or Herald's), when the payload has one.
    public var notificationID: String?
    public var provider: ProviderID
    /// Wall-clock time of delivery, for the server.
    public var deliveredAt: Date
    /// Why delivery happened then.
    public var trigger: DeliveryTrigger
    /// Seconds from the request to delivery, on the injected clock.
    public var elapsed: Double
    public var attachmentCount: Int
    public var skippedCount: Int
    /// The attachments skipped, each with why.
    public var skipped: [SkippedAttachment]

    public init(
        notificationID: String?, provider: ProviderID, deliveredAt: Date, trigger: DeliveryTrigger, elapsed: Double,
        attachmentCount: Int, skippedCount: Int, skipped: [SkippedAttachment] = []
    ) {
        self.skipped = skipped
        self.notificationID = notificationID
        self.provider = provider
        self.deliveredAt = deliveredAt
        self.trigger = trigger
        self.elapsed = elapsed
        self.attachmentCount = attachmentCount
        self.skippedCount = skippedCount
    }
}

/// Where delivered receipts go: the outbox shared with the app (App Group). The
/// pipeline calls it after the content handler has returned, never before, and
/// the content never waits for it.
public protocol DeliveryReceiptSink: Sendable {
    func record(_ receipt: DeliveryReceipt)
}

/// A sink that keeps receipts in memory: tests, `herald nse`.
public final class RecordingReceiptSink: DeliveryReceiptSink, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [DeliveryReceipt] = []
    private let onRecord: (@Sendable (DeliveryReceipt) -> Void)?

    /// `onRecord` runs for each receipt, after it is stored (tests check ordering with it).
    public init(onRecord: (@Sendable (DeliveryReceipt) -> Void)? = nil) {
        self.onRecord = onRecord
    }

    public func record(_ receipt: DeliveryReceipt) {
        lock.withLock { stored.append(receipt) }
        onRecord?(receipt)
    }

    public var receipts: [DeliveryReceipt] { lock.withLock { stored } }
}

extension DeliveryReceipt {
    /// What the gateway's explanation shows of it: attachments kept, each skipped one (its
    /// URL without query or fragment, which may hold a signature) with why, and the trigger.
    public var facts: ReceiptFacts {
        let skipped = skipped.map { skipped -> ReceiptFacts.Extension.Skipped in
            var source = skipped.source
            if var parts = URLComponents(string: source), parts.scheme != nil {
                parts.query = nil
                parts.fragment = nil
                parts.user = nil
                parts.password = nil
                source = parts.string ?? source
            }
            return .init(source: source, reason: skipped.skip.description)
        }
        return ReceiptFacts(extension: .init(kept: attachmentCount, skipped: skipped, trigger: trigger.rawValue))
    }
}
