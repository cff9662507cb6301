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
/// downloads end, at the deadline, or when iOS says time will expire), then a
/// `delivered` receipt in the App Group outbox the app sends from. With an App Group the
/// notification is also recorded in the inbox the app shares, and the delivered content
/// sets the badge the inbox counts (`ServiceExtensionConfiguration.badge`).
open class HeraldNotificationService: UNNotificationServiceExtension, @unchecked Sendable {
    private var pipeline: ServiceExtensionPipeline?

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

    open override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let payload = JSONValue(foundation: request.content.userInfo)
        let configuration = makeConfiguration()
        let folder = appGroup.flatMap(FileManager.default.containerURL(forSecurityApplicationGroupIdentifier:))
        let receipts = folder.flatMap { try? ReceiptOutbox(directory: $0) }.map { OutboxReceiptSink(outbox: $0) }
        let inbox = folder.flatMap { try? Inbox(directory: $0) }
        let handler = ContentHandler(contentHandler, original: request.content)
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated {
                let pipeline = ServiceExtensionPipeline(
                    configuration: configuration, downloader: URLSessionAttachmentDownloader(), clock: LiveClock(), receipts: receipts,
                    inbox: inbox)
                self.pipeline = pipeline
                pipeline.start(payload) { delivery in
                    handler.deliver(delivery)
                }
            }
        }
    }

    /// iOS is about to end the extension: the pipeline delivers its best attempt now.
    open override func serviceExtensionTimeWillExpire() {
        pipeline?.timeWillExpireFromAnyThread()
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
