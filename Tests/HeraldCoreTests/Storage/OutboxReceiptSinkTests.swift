import Foundation
import Testing

@testable import HeraldCore

@Suite("Extension receipts into the shared outbox")
struct OutboxReceiptSinkTests {
    @Test("the extension's delivered receipt lands in the outbox once, and the app's report of the same is refused")
    func extensionThenApp() throws {
        let dir = try TemporaryDirectory()
        let sink = OutboxReceiptSink(outbox: try ReceiptOutbox(directory: dir.url))
        let delivered = DeliveryReceipt(
            notificationID: "n1", provider: .fcm, deliveredAt: Date(timeIntervalSince1970: 1000), trigger: .completed,
            elapsed: 0.2, attachmentCount: 1, skippedCount: 0)
        sink.record(delivered)
        sink.record(delivered)
        let app = try ReceiptOutbox(directory: dir.url)
        #expect(try app.record([receipt("n1")]).isEmpty)
        let pending = try app.pending()
        #expect(pending.map(\.notificationID) == ["n1"])
        #expect(pending.first?.origin == .serviceExtension)
        #expect(pending.first?.at == 1000)
    }

    @Test("a payload without an id records nothing")
    func noID() throws {
        let dir = try TemporaryDirectory()
        let sink = OutboxReceiptSink(outbox: try ReceiptOutbox(directory: dir.url))
        sink.record(DeliveryReceipt(notificationID: nil, provider: .apns, deliveredAt: Date(), trigger: .completed, elapsed: 0, attachmentCount: 0, skippedCount: 0))
        #expect(try ReceiptOutbox(directory: dir.url).pending().isEmpty)
    }
}
