#if canImport(UserNotifications)
import Foundation
import HeraldCore
import HeraldDownload
import UserNotifications
#if canImport(UIKit)
import UIKit  // FileManager.containerURL(forSecurityApplicationGroupIdentifier:) on Linux's stand-ins
#endif

/// A Notification Service Extension that is done when subclassed:
///
/// ```swift
/// final class NotificationService: HeraldNotificationService {
///     override var appGroup: String? { "group.org.herald.demo" }
/// }
/// ```
///
/// It runs the core's `ServiceExtensionPipeline`: the content mutated, attachments
/// streamed to disk with URLSession, the best attempt delivered exactly once (when all
/// downloads end, at the deadline, or when iOS says time will expire, even before the
/// pipeline has started), then a `delivered` receipt in the App Group outbox, sent at
/// once when `makeReceiptTransport(appGroupFolder:)` gives a transport and otherwise by
/// the app. With an App Group the notification is also recorded in the inbox the app
/// shares, and the delivered content sets the badge the inbox counts
/// (`ServiceExtensionConfiguration.badge`). A critical sound stays critical.
open class HeraldNotificationService: UNNotificationServiceExtension, @unchecked Sendable {
    private let lock = NSLock()
    private var session: ServiceExtensionSession?

    /// The App Group the app shares, for the receipts outbox and the inbox; `nil` records
    /// neither and leaves the badge as received.
    open var appGroup: String? { nil }

    /// The pipeline's configuration; override to add content mutations, category rules
    /// or attachment keys. Attachments go to a folder of their own in the temporary directory.
    open func makeConfiguration() -> ServiceExtensionConfiguration {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-nse-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return ServiceExtensionConfiguration(directory: folder.path)
    }

    /// Where the `delivered` receipt is sent from the extension, at once after delivery
    /// (`ExtensionReceiptSender`, 5 s at most): a `GatewayClient` whose device state is in
    /// the App Group folder the app uses too (`stateDirectory:`). `nil`, the default, leaves
    /// the receipt in the outbox for the app to send. Needs an `appGroup`.
    @MainActor
    open func makeReceiptTransport(appGroupFolder: URL) -> (any ReceiptTransport)? { nil }

    /// The clock of the pipeline's deadline and the receipt's send; override in tests.
    @MainActor
    open func makeClock() -> any HeraldClock { LiveClock() }

    open override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        // Armed now, on the system's thread: time that expires before the main queue runs
        // the pipeline still delivers (the content as received).
        let handler = ContentHandler(contentHandler, original: request.content)
        let session = ServiceExtensionSession { delivery in handler.deliver(delivery) }
        lock.withLock { self.session = session }
        let payload = JSONValue(foundation: request.content.userInfo)
        let configuration = makeConfiguration()
        // The folder the app's Herald uses too (SharedFolder, inside the group's container).
        let folder = appGroup.flatMap(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier:))
            .flatMap { try? SharedFolder.folder(in: $0) }
        let outbox = folder.flatMap { try? ReceiptOutbox(directory: $0) }
        let inbox = folder.flatMap { try? Inbox(directory: $0) }
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated {
                session.run(payload) { gate in
                    let clock = makeClock()
                    let pipeline = ServiceExtensionPipeline(
                        configuration: configuration, downloader: URLSessionAttachmentDownloader(), clock: clock,
                        receipts: outbox.map { OutboxReceiptSink(outbox: $0) }, inbox: inbox, gate: gate)
                    if let folder, let outbox, let transport = makeReceiptTransport(appGroupFolder: folder) {
                        pipeline.receiptSender = ExtensionReceiptSender(outbox: outbox, transport: transport, clock: clock)
                    }
                    return pipeline
                }
            }
        }
    }

    /// iOS is about to end the extension: the best attempt is delivered now, on this thread.
    open override func serviceExtensionTimeWillExpire() {
        lock.withLock { session }?.timeWillExpire()
    }
}

/// The system's content handler and the request's content, used from whichever thread
/// delivers (the pipeline's gate makes that happen once).
private final class ContentHandler: @unchecked Sendable {
    let handler: (UNNotificationContent) -> Void
    let original: UNNotificationContent

    init(_ handler: @escaping (UNNotificationContent) -> Void, original: UNNotificationContent) {
        self.handler = handler
        self.original = original
    }

    func deliver(_ delivery: ServiceDelivery) {
        handler(NotificationContentWriter.content(for: delivery, original: original))
    }
}
#endif
