import Foundation

/// A Notification Service Extension as a platform-neutral pipeline: decode the
/// payload, mutate the content, fetch the attachments in parallel, and hand the
/// best attempt over exactly once: when everything is done, at the deadline, or
/// when the system says time will expire, whichever comes first.
///
/// One pipeline serves one request, like one `UNNotificationServiceExtension`
/// call. Every timer runs on the injected clock; downloads go through the
/// `AttachmentDownloader` port; the receipt goes to the `DeliveryReceiptSink`
/// after the content handler has returned. With the `Inbox` the app shares, the
/// notification is recorded there before anything is delivered, and the delivered
/// content carries the badge that follows (`ServiceExtensionConfiguration.badge`), so a
/// push that is never tapped is in the inbox and counted in the badge as the app counts it.
///
/// ```swift
/// let pipeline = ServiceExtensionPipeline(configuration: config, downloader: downloader, clock: LiveClock())
/// pipeline.start(userInfo) { delivery in contentHandler(apply(delivery, to: bestAttempt)) }
/// // serviceExtensionTimeWillExpire, on the system's thread:
/// pipeline.timeWillExpireFromAnyThread()
/// ```
@MainActor
public final class ServiceExtensionPipeline {
    public let configuration: ServiceExtensionConfiguration
    let downloader: any AttachmentDownloader
    let clock: any HeraldClock
    let receipts: (any DeliveryReceiptSink)?
    let inbox: Inbox?
    /// Wall-clock seconds since 1970, for the receipt's `deliveredAt`.
    let now: () -> Double
    let logger: any HeraldLogger
    /// The exactly-once hand-over; readable from any thread.
    nonisolated let gate: DeliveryGate<ServiceDelivery>

    /// Called once, on the main actor, after delivery: what was delivered and why.
    public var onReport: (@MainActor (ServiceExtensionReport) -> Void)?
    /// The report, once delivered.
    public private(set) var report: ServiceExtensionReport?
    /// Sends the `delivered` receipt from the extension right after `receipts` recorded it
    /// (it stays in the outbox for the app when the send fails).
    public var receiptSender: ExtensionReceiptSender?

    private var started = false
    private var startTime = 0.0
    private var notification: PushNotification?
    private var content = NotificationContent()
    private var notes: [String] = []
    private var requests: [AttachmentRequest] = []
    private var downloads: [Int: any AttachmentDownload] = [:]
    private var saved: [Int: SavedAttachment] = [:]
    private var skipped: [SkippedAttachment] = []
    private var finishedIndexes: Set<Int> = []
    private var deadlineTimer: ClockTimer?
    private let runID = String(UUID().uuidString.prefix(8)).lowercased()

    public init(
        configuration: ServiceExtensionConfiguration, downloader: any AttachmentDownloader, clock: any HeraldClock,
        receipts: (any DeliveryReceiptSink)? = nil, inbox: Inbox? = nil, now: @escaping () -> Double = { Date().timeIntervalSince1970 },
        logger: any HeraldLogger = SilentLogger(),
        gate: DeliveryGate<ServiceDelivery> = DeliveryGate(bestAttempt: .unchanged(reason: "not started"))
    ) {
        self.gate = gate
        self.configuration = configuration
        self.downloader = downloader
        self.clock = clock
        self.receipts = receipts
        self.inbox = inbox
        self.now = now
        self.logger = logger
    }

    /// Whether the content was handed over.
    public var isDelivered: Bool { report != nil || gate.isDelivered }

    /// Starts on a payload given as bytes (decoded here; undecodable input is delivered unchanged).
    /// Without `contentHandler`, the gate's own handler delivers (`ServiceExtensionSession`).
    public func start(_ bytes: [UInt8], contentHandler: (@Sendable (ServiceDelivery) -> Void)? = nil) {
        do {
            start(notification: try configuration.decoder.decode(bytes), contentHandler: contentHandler)
        } catch {
            startUndecodable("\(error)", contentHandler: contentHandler)
        }
    }

    /// Starts on a parsed payload (`userInfo` bridged to `JSONValue`).
    public func start(_ payload: JSONValue, contentHandler: (@Sendable (ServiceDelivery) -> Void)? = nil) {
        do {
            start(notification: try configuration.decoder.decode(payload), contentHandler: contentHandler)
        } catch {
            startUndecodable("\(error)", contentHandler: contentHandler)
        }
    }

    /// Starts on a decoded notification. A second start is ignored.
    public func start(notification: PushNotification, contentHandler: (@Sendable (ServiceDelivery) -> Void)? = nil) {
        guard begin(contentHandler) else { return }
        self.notification = notification
        (content, notes) = configuration.composer.compose(notification)
        recordInInbox(notification)
        let located = AttachmentLocator.locate(notification, options: configuration.attachments)
        requests = located.requests
        skipped = located.skipped
        publishBestAttempt()
        guard !requests.isEmpty else { return deliver(.completed) }
        deadlineTimer = clock.schedule(after: configuration.deadline) { [weak self] in self?.deliver(.deadline) }
        for request in requests where !isDelivered {
            let index = request.index
            let task = downloader.download(request, into: configuration.directory, name: "herald-\(runID)-\(index)") {
                [weak self] result in self?.finished(index, result)
            }
            if finishedIndexes.contains(index) || isDelivered { task.cancel() } else { downloads[index] = task }
        }
    }

    /// The system's `serviceExtensionTimeWillExpire`: deliver the best attempt now.
    public func timeWillExpire() {
        deliver(.expired)
    }

    /// `serviceExtensionTimeWillExpire` on the system's own thread: the best attempt is
    /// delivered on this thread at once; cancelling and the receipt follow on the main actor.
    public nonisolated func timeWillExpireFromAnyThread() {
        guard gate.deliverBestAttempt() else { return }
        Task { @MainActor in self.afterDelivery(.expired) }
    }

    // MARK: Internals

    /// Arms the gate with `contentHandler`, or finds it armed already; false when there is
    /// nothing to deliver to (started twice, or delivered before it started).
    private func begin(_ contentHandler: (@Sendable (ServiceDelivery) -> Void)?) -> Bool {
        guard !started else {
            logger.log(.warning, "herald nse: start called twice; the second is ignored")
            return false
        }
        started = true
        startTime = clock.now
        if let contentHandler { return gate.arm(contentHandler) }
        return gate.isArmed
    }

    /// The inbox entry the app would write for this notification (it counts it once), and
    /// the badge that follows from the inbox.
    private func recordInInbox(_ notification: PushNotification) {
        guard let inbox, !notification.isSilent else { return }
        do {
            try inbox.add(notification)
            if configuration.badge == .inbox { content.badge = try inbox.badge() }
        } catch {
            logger.log(.error, "herald nse: the inbox could not record \(notification.id ?? "a notification"): \(error)")
            notes.append("the inbox could not record it: \(error)")
        }
    }

    private func startUndecodable(_ reason: String, contentHandler: (@Sendable (ServiceDelivery) -> Void)?) {
        guard begin(contentHandler) else { return }
        notes = ["the payload could not be decoded: \(reason)"]
        gate.update(.unchanged(reason: reason))
        deliver(.undecodable)
    }

    private func finished(_ index: Int, _ result: Result<SavedAttachment, AttachmentSkip>) {
        let isFirst = finishedIndexes.insert(index).inserted
        guard isFirst, !isDelivered else {
            // Too late, or said twice: a file nobody will attach is deleted (never the one attached).
            if case .success(let file) = result, saved[index]?.path != file.path {
                try? FileManager.default.removeItem(atPath: file.path)
            }
            return
        }
        downloads[index] = nil
        switch result {
        case .success(let file): saved[index] = file
        case .failure(let skip): skipped.append(SkippedAttachment(source: requests[index].source, skip: skip))
        }
        publishBestAttempt()
        if finishedIndexes.count == requests.count { deliver(.completed) }
    }

    private func publishBestAttempt() {
        guard let notification else { return }
        var best = content
        best.attachments = saved.keys.sorted().compactMap { saved[$0] }
        gate.update(.modified(configuration.composer.finish(best, notification: notification)))
    }

    private func deliver(_ trigger: DeliveryTrigger) {
        guard started, gate.deliverBestAttempt() else { return }
        afterDelivery(trigger)
    }

    /// After the handler returned: stop timers and transfers, then the receipt and the report.
    private func afterDelivery(_ trigger: DeliveryTrigger) {
        guard report == nil else { return }
        let elapsed = clock.now - startTime
        deadlineTimer?.cancel()
        deadlineTimer = nil
        for request in requests where !finishedIndexes.contains(request.index) {
            downloads[request.index]?.cancel()
            finishedIndexes.insert(request.index)
            skipped.append(SkippedAttachment(source: request.source, skip: AttachmentSkip(.deadline)))
        }
        downloads = [:]
        let delivery = gate.current
        let report = ServiceExtensionReport(
            delivery: delivery, trigger: trigger, elapsed: elapsed,
            skipped: skipped, notes: notes, notification: notification)
        self.report = report
        receipts?.record(
            DeliveryReceipt(
                notificationID: notification?.id, provider: notification?.provider ?? .apns, deliveredAt: Date(timeIntervalSince1970: now()), trigger: trigger,
                elapsed: elapsed, attachmentCount: delivery.content?.attachments.count ?? 0, skippedCount: skipped.count, skipped: skipped))
        if let id = notification?.id { receiptSender?.sendDelivered(id) }
        onReport?(report)
    }
}
