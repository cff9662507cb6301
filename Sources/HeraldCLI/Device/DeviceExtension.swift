import Foundation
import HeraldCore
import HeraldDownload

/// The simulated device's Notification Service Extension (`herald device
/// --service-extension`): the core pipeline, as `HeraldNotificationService` runs it on
/// iOS, for pushes with `mutable-content`. Attachments are downloaded with libcurl into
/// the App Group folder; the `delivered` receipt goes to the outbox the app shares.
@MainActor
final class DeviceExtension {
    private let directory: String
    private let receipts: OutboxReceiptSink
    private let clock: any HeraldClock
    private var running: (pipeline: ServiceExtensionPipeline, downloader: CurlDownloader)?

    init(storage: URL, clock: any HeraldClock) throws {
        self.clock = clock
        let folder = storage.appendingPathComponent("service-extension")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        directory = folder.path
        receipts = OutboxReceiptSink(outbox: try ReceiptOutbox(directory: storage))
    }

    /// Whether iOS would start the extension for `notification`: an alert with `mutable-content`.
    static func applies(to notification: PushNotification?) -> Bool {
        guard let notification else { return false }
        return notification.aps.mutableContent && notification.aps.alert != nil
    }

    /// Runs the pipeline on `payload` until it delivers; returns its report.
    func run(_ payload: JSONValue) async -> ServiceExtensionReport {
        let downloader = CurlDownloader()
        let pipeline = ServiceExtensionPipeline(
            configuration: ServiceExtensionConfiguration(directory: directory), downloader: downloader, clock: clock,
            receipts: receipts)
        running = (pipeline, downloader)
        let report = await withCheckedContinuation { (continuation: CheckedContinuation<ServiceExtensionReport, Never>) in
            pipeline.onReport = { continuation.resume(returning: $0) }
            pipeline.start(payload) { _ in }
        }
        running = nil
        return report
    }

    /// The timeline fields of a report: what the system would show.
    static func fields(_ report: ServiceExtensionReport) -> [String: JSONValue] {
        let content = report.delivery.content
        return [
            "title": content?.title.map(JSONValue.string) ?? .null,
            "attachments": .array((content?.attachments ?? []).map { .string("\($0.format) \($0.bytes) bytes") }),
            "skipped": report.skipped.isEmpty ? .null : .array(report.skipped.map { .string("\($0.source): \($0.skip)") }),
            "trigger": .string(report.trigger.rawValue),
        ]
    }
}
