import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldCore

/// The facts a device adds to its receipts for the gateway's explanation: how a
/// notification was presented (or why not), where a tap led, what the extension kept.
@Suite("Receipts: the device's facts")
@MainActor
struct ReceiptFactsTests {
    func harness(_ foreground: PresentationPolicy.Foreground) throws -> (RuntimeHarness, ReceiptOutbox, TemporaryDirectory) {
        var config = RuntimeConfiguration()
        config.policy.foreground = foreground
        config.routes = [AppRoute(pattern: "app://article/:id", target: RouteTarget(screen: "Article", tab: "home"))]
        let h = try RuntimeHarness(config)
        let storage = try TemporaryDirectory()
        let recorder = try h.recordReceipts(in: storage.url)
        h.ready()
        return (h, recorder.outbox, storage)
    }

    func facts(_ outbox: ReceiptOutbox, _ kind: Receipt.Kind) throws -> [ReceiptFacts?] {
        try outbox.pending().filter { $0.kind == kind }.map(\.facts)
    }

    @Test("a banner in the foreground is presented as a banner; its tap is routed to the screen it opened")
    func bannerAndRoute() throws {
        let (h, outbox, storage) = try harness(.banner)
        defer { withExtendedLifetime(storage) {} }
        h.runtime.willPresent(push("pub_1", ["link": "app://article/7"]))
        #expect(try facts(outbox, .presented) == [ReceiptFacts(presented: .init(how: "banner"))])
        h.clock.advance(by: 1)
        h.runtime.bannerTapped()
        let routed = try facts(outbox, .routed)
        #expect(routed == [ReceiptFacts(routed: .init(route: "push Article(id=7) on home", matched: true))])
    }

    @Test("the system presents it; a tap no route knows is routed nowhere, with why")
    func systemAndUnmatched() throws {
        let (h, outbox, storage) = try harness(.system)
        defer { withExtendedLifetime(storage) {} }
        h.runtime.willPresent(push("pub_2", ["link": "app://nowhere/1"]))
        #expect(try facts(outbox, .presented) == [ReceiptFacts(presented: .init(how: "system"))])
        h.runtime.didReceiveResponse(push("pub_2", ["link": "app://nowhere/1"]))
        #expect(try facts(outbox, .routed) == [ReceiptFacts(routed: .init(route: nil, matched: false, why: "no route matches app://nowhere/1"))])
    }

    @Test("facts round-trip through the outbox and are bounded")
    func bounded() throws {
        let storage = try TemporaryDirectory()
        let outbox = try ReceiptOutbox(directory: storage.url)
        let long = String(repeating: "x", count: 500)
        let facts = ReceiptFacts(
            presented: .init(how: "suppressed", why: long),
            extension: .init(kept: 1, skipped: (0..<15).map { .init(source: "https://e.com/\($0)", reason: "HTTP 404") }, trigger: "deadline"),
            routed: .init(route: "push A on home", matched: true))
        _ = try outbox.record([
            Receipt(id: "r1", kind: .presented, notificationID: "pub_3", provider: .herald, at: 1, state: .active, facts: facts)
        ])
        let stored = try #require(try outbox.pending().first?.facts)
        #expect(stored.presented?.why?.unicodeScalars.count == ReceiptFactRules.maxText)
        #expect(stored.extension?.skipped.count == ReceiptFactRules.maxSkipped)
        #expect(stored.extension?.trigger == "deadline")
        #expect(stored.routed == facts.routed)
    }

    @Test("the extension's delivered receipt says what it kept and skipped, the URL without its query")
    func extensionFacts() throws {
        let storage = try TemporaryDirectory()
        let outbox = try ReceiptOutbox(directory: storage.url)
        let sink = OutboxReceiptSink(outbox: outbox, makeID: { "r2" })
        sink.record(
            DeliveryReceipt(
                notificationID: "pub_4", provider: .herald, deliveredAt: Date(timeIntervalSince1970: 10), trigger: .deadline, elapsed: 25,
                attachmentCount: 1, skippedCount: 1,
                skipped: [SkippedAttachment(source: "https://cdn.example.com/a.jpg?sig=secret#x", skip: AttachmentSkip(.deadline))]))
        let facts = try #require(try outbox.pending().first?.facts?.extension)
        #expect(facts.kept == 1)
        #expect(facts.trigger == "deadline")
        #expect(facts.skipped.map(\.source) == ["https://cdn.example.com/a.jpg"])
        #expect(facts.skipped.first?.reason.isEmpty == false)
    }
}
