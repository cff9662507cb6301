import Foundation
import Testing

@testable import HeraldCore

@Suite("Service Extension pipeline: deadline, best attempt, receipts")
@MainActor
struct ServiceExtensionPipelineTests {
    let clock = VirtualClock()
    let directory = MediaSamples.temporaryDirectory()
    let log = HandlerLog()

    func payload(_ urls: [String], extra: [String: JSONValue] = [:]) -> JSONValue {
        var object: [String: JSONValue] = [
            "aps": ["alert": ["title": "T", "body": "B"], "mutable-content": 1], "media-url": .array(urls.map { .string($0) }),
        ]
        object.merge(extra) { $1 }
        return .object(object)
    }

    func pipeline(_ downloader: ScriptedDownloader, receipts: RecordingReceiptSink? = nil, deadline: Double = 27)
        -> ServiceExtensionPipeline
    {
        var configuration = ServiceExtensionConfiguration(directory: directory)
        configuration.deadline = deadline
        configuration.composer.categoryRules = [CategoryRule("media", when: .hasAttachment(nil))]
        return ServiceExtensionPipeline(configuration: configuration, downloader: downloader, clock: clock, receipts: receipts)
    }

    func cleanup() { try? FileManager.default.removeItem(atPath: directory) }

    @Test("no attachments: delivered at once with the mutated content")
    func noAttachments() {
        defer { cleanup() }
        let p = pipeline(ScriptedDownloader(clock: clock))
        p.start(payload([])) { [log] in log.record($0) }
        #expect(log.count == 1)
        #expect(log.last?.content?.title == "T")
        #expect(p.report?.trigger == .completed)
        #expect(p.report?.elapsed == 0)
        #expect(clock.pendingCount == 0)
    }

    @Test("parallel downloads: delivered when the last finishes, attachments in payload order")
    func allFinish() throws {
        defer { cleanup() }
        let d = ScriptedDownloader(
            clock: clock,
            script: [
                "https://m.example/a": .succeed(after: 3, .jpeg, bytes: 500), "https://m.example/b": .succeed(after: 1, .mp4, bytes: 800),
            ])
        let p = pipeline(d)
        p.start(payload(["https://m.example/a", "https://m.example/b"])) { [log] in log.record($0) }
        #expect(d.started == ["https://m.example/a", "https://m.example/b"])
        clock.advance(by: 2.9)
        #expect(log.count == 0)
        clock.advance(by: 0.1)
        #expect(log.count == 1)
        let content = try #require(log.last?.content)
        #expect(content.attachments.map(\.format) == [.jpeg, .mp4])
        #expect(content.attachments.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        #expect(content.categoryIdentifier == "media")
        #expect(p.report?.trigger == .completed && p.report?.elapsed == 3)
        #expect(clock.pendingCount == 0)
    }

    @Test("a stalled server: delivered at the deadline with what finished; the rest cancelled")
    func deadline() throws {
        defer { cleanup() }
        let d = ScriptedDownloader(clock: clock, script: ["https://m.example/ok": .succeed(after: 2, .png, bytes: 300)])
        let p = pipeline(d)
        p.start(payload(["https://m.example/ok", "https://m.example/stall"])) { [log] in log.record($0) }
        clock.advance(by: 26.99)
        #expect(log.count == 0)
        clock.advance(by: 0.01)
        #expect(log.count == 1)
        #expect(log.last?.content?.attachments.map(\.format) == [.png])
        #expect(p.report?.trigger == .deadline && p.report?.elapsed == 27)
        #expect(p.report?.skipped == [SkippedAttachment(source: "https://m.example/stall", skip: AttachmentSkip(.deadline))])
        #expect(d.cancelled == ["https://m.example/stall"])
        clock.advance(by: 100)
        #expect(log.count == 1)
    }

    @Test("time will expire: deliver now, with the attachments finished so far")
    func expiry() {
        defer { cleanup() }
        let d = ScriptedDownloader(
            clock: clock,
            script: [
                "https://m.example/a": .succeed(after: 1, .gif, bytes: 100), "https://m.example/b": .succeed(after: 20, .jpeg, bytes: 100),
            ])
        let p = pipeline(d)
        p.start(payload(["https://m.example/a", "https://m.example/b"])) { [log] in log.record($0) }
        clock.advance(by: 5)
        p.timeWillExpire()
        #expect(log.count == 1)
        #expect(log.last?.content?.attachments.map(\.format) == [.gif])
        #expect(p.report?.trigger == .expired)
        p.timeWillExpire()
        clock.advance(by: 60)
        #expect(log.count == 1)
        #expect(MediaSamples.files(in: directory).count == 1)
    }

    @Test("a failed download is skipped with its reason; the others are delivered")
    func failure() {
        defer { cleanup() }
        let d = ScriptedDownloader(
            clock: clock,
            script: [
                "https://m.example/404": .fail(after: 0.2, AttachmentSkip(.httpStatus(404))),
                "https://m.example/ok": .succeed(after: 0.5, .mp3, bytes: 100),
            ])
        let p = pipeline(d)
        p.start(payload(["https://m.example/404", "https://m.example/ok", "ftp://m.example/x"])) { [log] in log.record($0) }
        clock.advance(by: 1)
        #expect(log.last?.content?.attachments.map(\.format) == [.mp3])
        #expect(p.report?.skipped.map(\.skip.reason) == [.unsupportedScheme("ftp"), .httpStatus(404)])
        #expect(p.report?.trigger == .completed)
    }

    @Test("an undecodable payload is delivered unchanged, at once, with the reason")
    func undecodable() {
        defer { cleanup() }
        let p = pipeline(ScriptedDownloader(clock: clock))
        p.start(Array("[1, 2]".utf8)) { [log] in log.record($0) }
        #expect(log.count == 1)
        guard case .unchanged(let reason)? = log.last else { return #expect(Bool(false)) }
        #expect(reason.contains("JSON object"))
        #expect(p.report?.trigger == .undecodable)
    }

    @Test("the receipt is recorded once, after the content handler returned")
    func receiptAfterDelivery() {
        defer { cleanup() }
        let log = self.log
        let sink = RecordingReceiptSink { _ in #expect(log.count == 1, "the receipt came before the content") }
        let d = ScriptedDownloader(clock: clock, script: ["https://m.example/a": .succeed(after: 1, .jpeg, bytes: 100)])
        let p = pipeline(d, receipts: sink)
        p.start(payload(["https://m.example/a"], extra: ["id": "msg-9"])) { delivery in
            #expect(sink.receipts.isEmpty, "the receipt came before the content")
            log.record(delivery)
        }
        #expect(sink.receipts.isEmpty)
        clock.advance(by: 1)
        #expect(sink.receipts.count == 1)
        #expect(sink.receipts.first?.notificationID == "msg-9")
        #expect(sink.receipts.first?.attachmentCount == 1)
        #expect(sink.receipts.first?.trigger == .completed)
    }

    @Test("a transport that completes after delivery: its file is deleted, nothing is delivered again")
    func lateCompletion() {
        defer { cleanup() }
        let d = ScriptedDownloader(clock: clock, script: ["https://m.example/slow": .succeed(after: 40, .jpeg, bytes: 100)])
        d.honorsCancel = false
        d.duplicates = true
        let p = pipeline(d)
        p.start(payload(["https://m.example/slow"])) { [log] in log.record($0) }
        clock.advance(by: 50)
        #expect(log.count == 1)
        #expect(log.last?.content?.attachments.isEmpty == true)
        #expect(MediaSamples.files(in: directory).isEmpty)
    }

    @Test("start twice: the second is ignored")
    func startTwice() {
        defer { cleanup() }
        let p = pipeline(ScriptedDownloader(clock: clock))
        p.start(payload([])) { [log] in log.record($0) }
        p.start(payload([])) { [log] in log.record($0) }
        #expect(log.count == 1)
    }

    @Test("the receipt's wall-clock time comes from the caller's now, its elapsed time from the clock")
    func wallClockFromCaller() {
        defer { cleanup() }
        let sink = RecordingReceiptSink()
        let d = ScriptedDownloader(clock: clock, script: ["https://m.example/a": .succeed(after: 2, .jpeg, bytes: 10)])
        let p = ServiceExtensionPipeline(
            configuration: ServiceExtensionConfiguration(directory: directory), downloader: d, clock: clock, receipts: sink,
            now: { [clock] in 1_800_000_000 + clock.now })
        p.start(payload(["https://m.example/a"], extra: ["id": "n1"])) { _ in }
        clock.advance(by: 2)
        #expect(sink.receipts.map(\.deliveredAt) == [Date(timeIntervalSince1970: 1_800_000_002)])
        #expect(sink.receipts.map(\.elapsed) == [2])
    }
}
