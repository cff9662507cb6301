import Foundation
import HeraldServerTestSupport
import HeraldTestSupport
import HeraldCore
import HeraldDownload
import Testing

/// The whole pipeline on the live clock and libcurl: what tests with fakes
/// cannot show (real sockets, real cancellation, files on disk).
@Suite("Service Extension pipeline, live", .serialized)
@MainActor
struct LivePipelineTests {
    /// Runs the pipeline on `payload` and waits for its report (at most 20 s).
    func run(_ payload: JSONValue, deadline: Double, directory: String) async throws -> (ServiceExtensionReport, Int) {
        var configuration = ServiceExtensionConfiguration.post002(directory: directory)
        configuration.deadline = deadline
        let pipeline = ServiceExtensionPipeline(configuration: configuration, downloader: CurlDownloader(), clock: LiveClock())
        let log = Log()
        let report: ServiceExtensionReport? = await withCheckedContinuation { continuation in
            let once = Once()
            pipeline.onReport = { report in if once.claim() { continuation.resume(returning: report) } }
            pipeline.start(payload) { _ in log.count += 1 }
            DispatchQueue.main.asyncAfter(deadline: .now() + 20) { if once.claim() { continuation.resume(returning: nil) } }
        }
        return (try #require(report), log.count)
    }

    final class Log: @unchecked Sendable { var count = 0 }

    @Test("post 002 with a stalled server, a 404 and two good files: delivered at the deadline, once")
    func stalled() async throws {
        let server = try MediaServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-live-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let inner = #"{"aps":{"pushtopic":"Finance","pushimageurl":"\#(server.url("/m/jpeg/300000/cover"))"}}"#
        let payload: JSONValue = [
            "aps": ["alert": ["title": "t", "body": "Rates"], "mutable-content": 1], "_gmid_": "GT_1:2:3", "payload": .string(inner),
            "media-url": [
                .string(server.url("/stall")), .string(server.url("/status/404")), .string(server.url("/redirect/1/m/mp3/20000/a")),
            ],
        ]
        let (report, deliveries) = try await run(payload, deadline: 1.0, directory: directory)
        #expect(deliveries == 1)
        #expect(report.trigger == .deadline)
        #expect(report.elapsed >= 1.0)  // how close to the deadline is measured by make bench, not here
        let content = try #require(report.delivery.content)
        #expect(content.title == "經濟日報" && content.subtitle == "Finance" && content.body == "Rates")
        #expect(content.categoryIdentifier == "category2")
        #expect(Set(content.attachments.map(\.format)) == [.jpeg, .mp3])
        #expect(Set(report.skipped.map(\.skip.reason)) == [.deadline, .httpStatus(404)])
        // The cancelled transfer leaves no partial file behind.
        try await Task.sleep(for: .milliseconds(200))
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        #expect(names.count == 2 && names.allSatisfy { !$0.hasPrefix(".") }, "\(names)")
    }

    @Test("everything finishes before the deadline: delivered at once, not at the deadline")
    func completes() async throws {
        let server = try MediaServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-live-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let payload: JSONValue = [
            "aps": ["alert": "x", "mutable-content": 1], "attachment-url": .string(server.url("/m/png/5000/p?type=text/html")),
        ]
        let (report, deliveries) = try await run(payload, deadline: 15, directory: directory)
        #expect(deliveries == 1)
        // Completed, not cut short by the deadline (how long it took depends on the machine's load).
        #expect(report.trigger == .completed && report.elapsed < 15)
        #expect(report.delivery.content?.attachments.first?.path.hasSuffix(".png") == true)
    }
}
