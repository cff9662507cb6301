import Foundation
import Testing

@testable import HeraldCore

/// A transport that holds each batch until the test answers it.
@MainActor
final class ManualTransport: ReceiptTransport {
    var batches: [[Receipt]] = []
    var completions: [@MainActor (ReceiptDelivery) -> Void] = []

    func send(_ receipts: [Receipt], completion: @escaping @MainActor (ReceiptDelivery) -> Void) {
        batches.append(receipts)
        completions.append(completion)
    }

    func answer(_ delivery: ReceiptDelivery) {
        completions.removeFirst()(delivery)
    }
}

@Suite("Receipt sender")
@MainActor
struct ReceiptSenderTests {
    func make(_ dir: TemporaryDirectory, batchSize: Int = 100, logger: any HeraldLogger = SilentLogger()) throws -> (ReceiptSender, ManualTransport, VirtualClock) {
        let clock = VirtualClock()
        let transport = ManualTransport()
        let outbox = try ReceiptOutbox(directory: dir.url, now: { 1000 })
        let sender = ReceiptSender(outbox: outbox, transport: transport, clock: clock, batchSize: batchSize, jitter: { 1 }, logger: logger)
        return (sender, transport, clock)
    }

    @Test("new receipts wait a moment for company, then go in batches until none is left")
    func batching() throws {
        let dir = try TemporaryDirectory()
        let (sender, transport, clock) = try make(dir, batchSize: 2)
        for name in ["a", "b", "c"] {
            try sender.outbox.record([receipt(name)])
            sender.receiptsAdded()
        }
        clock.advance(by: 0.999)
        #expect(transport.batches.isEmpty)
        clock.advance(by: 0.001)
        #expect(transport.batches.map { $0.map(\.notificationID) } == [["a", "b"]])
        transport.answer(.accepted)
        #expect(transport.batches.last?.map(\.notificationID) == ["c"])
        transport.answer(.accepted)
        #expect(try sender.outbox.pending().isEmpty)
        #expect(transport.completions.isEmpty)
    }

    @Test("failures back off 0.2 s × 2^n up to 64 s on the clock; success resets it")
    func backoff() throws {
        let dir = try TemporaryDirectory()
        let (sender, transport, clock) = try make(dir)
        try sender.outbox.record([receipt("a")])
        sender.flush()
        var waits: [Double] = []
        for _ in 0..<12 {
            transport.answer(.failed("503"))
            let deadline = try #require(clock.nextDeadline)
            waits.append(((deadline - clock.now) * 1000).rounded() / 1000)
            let before = transport.batches.count
            clock.advance(to: deadline)
            #expect(transport.batches.count == before + 1)
        }
        #expect(waits == [0.2, 0.4, 0.8, 1.6, 3.2, 6.4, 12.8, 25.6, 51.2, 64, 64, 64])
        transport.answer(.accepted)
        #expect(sender.attempt == 0)
    }

    @Test("jitter draws each wait between half and all of the schedule")
    func jitter() {
        let backoff = Backoff()
        #expect(backoff.delay(attempt: 3, jitter: 0) == 0.8)
        #expect(backoff.delay(attempt: 3, jitter: 1) == 1.6)
        #expect(backoff.delay(attempt: 40, jitter: 1) == 64)
        #expect(ReceiptDelivery.status(429) == .failed("HTTP 429 "))
        #expect(ReceiptDelivery.status(404, message: "no") == .refused(status: 404, message: "no"))
        #expect(ReceiptDelivery.status(503) == .failed("HTTP 503 "))
        #expect(ReceiptDelivery.status(202) == .accepted)
    }

    @Test("a permanent refusal drops the batch with a log line and is not retried")
    func refused() throws {
        let dir = try TemporaryDirectory()
        let logger = CollectingLogger()
        let (sender, transport, clock) = try make(dir, logger: logger)
        try sender.outbox.record([receipt("a")])
        sender.flush()
        transport.answer(.refused(status: 400, message: "bad publishId"))
        clock.advance(by: 1000)
        #expect(transport.batches.count == 1)
        #expect(try sender.outbox.pending().isEmpty)
        #expect(logger.lines.contains { $0.contains("refused them for good (HTTP 400): bad publishId") })
    }

    @Test("after a relaunch, what was pending is sent")
    func resume() throws {
        let dir = try TemporaryDirectory()
        do {
            let (sender, transport, _) = try make(dir)
            try sender.outbox.record([receipt("a")])
            sender.flush()
            transport.answer(.failed("offline"))
        }
        let (sender, transport, _) = try make(dir)
        sender.flush()
        #expect(transport.batches.map { $0.map(\.notificationID) } == [["a"]])
    }

    @Test("flush brings a waiting retry forward (the app going to the background)")
    func flushEarly() throws {
        let dir = try TemporaryDirectory()
        let (sender, transport, clock) = try make(dir)
        try sender.outbox.record([receipt("a")])
        sender.flush()
        transport.answer(.failed("offline"))
        sender.flush()
        #expect(transport.batches.count == 2)
        #expect(clock.pendingCount == 0)
    }
}
