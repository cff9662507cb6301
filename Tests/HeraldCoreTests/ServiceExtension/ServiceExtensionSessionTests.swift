import Foundation
import Testing

@testable import HeraldCore

@Suite("Service Extension: expiry before the pipeline, critical sounds, the receipt sent at once")
@MainActor
struct ServiceExtensionSessionTests {
    let clock = VirtualClock()
    let directory = MediaSamples.temporaryDirectory()
    let log = HandlerLog()

    func pipeline(_ gate: DeliveryGate<ServiceDelivery>, _ downloader: ScriptedDownloader) -> ServiceExtensionPipeline {
        ServiceExtensionPipeline(
            configuration: ServiceExtensionConfiguration(directory: directory), downloader: downloader, clock: clock, gate: gate)
    }

    let payload: JSONValue = ["aps": ["alert": "B", "mutable-content": 1], "id": "n1", "media-url": "https://m.example/a"]

    @Test("time expires before the pipeline is built: the content as received is delivered at once, and nothing runs after")
    func expiryBeforePipeline() {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = ServiceExtensionSession { [log] in log.record($0) }
        session.timeWillExpire()
        #expect(log.count == 1)
        #expect(log.last?.content == nil, "unchanged: the adapter hands over the original content")
        let downloader = ScriptedDownloader(clock: clock, script: ["https://m.example/a": .succeed(after: 1, .jpeg, bytes: 10)])
        session.run(payload) { pipeline($0, downloader) }
        clock.advance(by: 30)
        #expect(log.count == 1)
        #expect(downloader.started.isEmpty)
        #expect(session.current == nil)
    }

    @Test("time expires while the pipeline runs: its best attempt is delivered once")
    func expiryWhileRunning() async {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = ServiceExtensionSession { [log] in log.record($0) }
        let downloader = ScriptedDownloader(clock: clock, script: ["https://m.example/a": .succeed(after: 10, .jpeg, bytes: 10)])
        session.run(payload) { pipeline($0, downloader) }
        #expect(downloader.started == ["https://m.example/a"])
        session.timeWillExpire()
        #expect(log.count == 1)
        #expect(log.last?.content?.body == "B")
        await Task.yield()
        clock.advance(by: 30)
        #expect(log.count == 1)
    }

    @Test("a critical sound stays critical, with its name and volume, when a mutation renames it")
    func criticalSound() {
        defer { try? FileManager.default.removeItem(atPath: directory) }  // every instance of the suite makes one
        var content = NotificationContent(sound: Sound(name: "alarm.caf", isCritical: true, volume: 0.8))
        content[.sound] = "siren.caf"
        #expect(content.sound == Sound(name: "siren.caf", isCritical: true, volume: 0.8))
        #expect(content.sound?.systemSound == .critical("siren.caf", volume: 0.8))
        #expect(Sound(name: "default", isCritical: true).systemSound == .criticalDefault(volume: nil))
        #expect(Sound(name: "default", isCritical: true, volume: 3).systemSound == .criticalDefault(volume: 1))
        #expect(Sound(name: "default").systemSound == .systemDefault)
        #expect(Sound(name: "ping.caf").systemSound == .named("ping.caf"))
    }

    @Test("a critical sound in the payload reaches the delivered content as critical")
    func criticalFromPayload() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let critical: JSONValue = ["aps": ["alert": "Fire", "sound": ["critical": 1, "name": "alarm.caf", "volume": 0.5]], "id": "c"]
        let p = ServiceExtensionPipeline(
            configuration: ServiceExtensionConfiguration(directory: directory), downloader: ScriptedDownloader(clock: clock), clock: clock)
        p.start(critical) { [log] in log.record($0) }
        #expect(log.last?.content?.sound?.systemSound == .critical("alarm.caf", volume: 0.5))
    }
}

@Suite("Service Extension: the delivered receipt, sent from the extension")
@MainActor
struct ExtensionReceiptSenderTests {
    let clock = VirtualClock()

    func run(_ storage: TemporaryDirectory, _ transport: ManualTransport) throws -> (ExtensionReceiptSender, ReceiptOutbox) {
        let outbox = try ReceiptOutbox(directory: storage.url)
        let pipeline = ServiceExtensionPipeline(
            configuration: ServiceExtensionConfiguration(directory: storage.url.path), downloader: ScriptedDownloader(clock: clock),
            clock: clock, receipts: OutboxReceiptSink(outbox: outbox))
        let sender = ExtensionReceiptSender(outbox: outbox, transport: transport, clock: clock, timeout: 2)
        pipeline.receiptSender = sender
        pipeline.start(["aps": ["alert": "B"], "id": "n1"] as JSONValue) { _ in }
        return (sender, outbox)
    }

    @Test("right after delivery the receipt is sent; taken, it is no longer pending")
    func sentAtOnce() throws {
        let storage = try TemporaryDirectory()
        let transport = ManualTransport()
        let (_, outbox) = try run(storage, transport)
        #expect(transport.batches.map { $0.map(\.kind) } == [[.delivered]])
        #expect(transport.batches.first?.first?.origin == .serviceExtension)
        #expect(try outbox.pending().count == 1, "durable before it is sent")
        transport.answer(.accepted)
        #expect(try outbox.pending().isEmpty)
    }

    @Test("no answer within the timeout, or a failure: it stays in the outbox for the app")
    func fallsBackToOutbox() throws {
        let storage = try TemporaryDirectory()
        let transport = ManualTransport()
        let (sender, outbox) = try run(storage, transport)
        var answers: [ReceiptDelivery?] = []
        // A second try for the same receipt, to see the timeout's answer.
        sender.sendDelivered("n1") { answers.append($0) }
        clock.advance(by: 2)
        #expect(answers == [.failed("no answer within 2.0 s; the app sends it later")])
        transport.answer(.failed("offline"))
        #expect(try outbox.pending().map(\.notificationID) == ["n1"])
        // A late acceptance still counts.
        transport.answer(.accepted)
        #expect(try outbox.pending().isEmpty)
        sender.sendDelivered("n1") { answers.append($0) }
        #expect(answers.last == .some(nil), "nothing left to send")
    }
}
