/// Why the content was handed over when it was.
public enum DeliveryTrigger: String, Sendable, Hashable {
    /// Every attachment finished (or there were none).
    case completed
    /// The pipeline's own deadline came first; in-flight downloads were cancelled.
    case deadline
    /// The system said time will expire (`serviceExtensionTimeWillExpire`).
    case expired
    /// The payload could not be decoded; the content is delivered as received.
    case undecodable
}

/// What the Service Extension hands to the system.
public enum ServiceDelivery: Sendable, Hashable {
    /// The request's content with these changes.
    case modified(NotificationContent)
    /// The request's content as received, and why.
    case unchanged(reason: String)

    /// The modified content, if any.
    public var content: NotificationContent? {
        if case .modified(let content) = self { return content }
        return nil
    }
}

/// Everything one run did, reported after delivery: `herald nse` prints it.
public struct ServiceExtensionReport: Sendable, Hashable {
    public var delivery: ServiceDelivery
    public var trigger: DeliveryTrigger
    /// Seconds from `run` to delivery, on the injected clock.
    public var elapsed: Double
    public var skipped: [SkippedAttachment]
    /// Mutations that found nothing, and other remarks.
    public var notes: [String]
    public var notification: PushNotification?

    public init(
        delivery: ServiceDelivery, trigger: DeliveryTrigger, elapsed: Double, skipped: [SkippedAttachment] = [],
        notes: [String] = [], notification: PushNotification? = nil
    ) {
        self.delivery = delivery
        self.trigger = trigger
        self.elapsed = elapsed
        self.skipped = skipped
        self.notes = notes
        self.notification = notification
    }
}
