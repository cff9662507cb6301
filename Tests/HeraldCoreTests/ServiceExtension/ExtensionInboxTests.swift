import Foundation
import Testing

@testable import HeraldCore

@Suite("Service Extension: the inbox entry and the badge")
@MainActor
struct ExtensionInboxTests {
    let clock = VirtualClock()
    let storage: TemporaryDirectory
    let log = HandlerLog()

    init() throws {
        storage = try TemporaryDirectory()
    }

    func push(_ id: String, badge: Int? = nil) -> JSONValue {
        var aps: [String: JSONValue] = ["alert": ["title": .string("Title \(id)"), "body": "B"], "mutable-content": 1]
        if let badge { aps["badge"] = .int(badge) }
        return ["aps": .object(aps), "id": .string(id)]
    }

    /// Runs the extension on `payload` with the App Group folder's outbox and inbox.
    func runExtension(_ payload: JSONValue, badge: ExtensionBadge = .inbox) throws -> ServiceDelivery? {
        let configuration = ServiceExtensionConfiguration(directory: storage.url.path, badge: badge)
        let pipeline = ServiceExtensionPipeline(
            configuration: configuration, downloader: ScriptedDownloader(clock: clock), clock: clock,
            receipts: OutboxReceiptSink(outbox: try ReceiptOutbox(directory: storage.url)), inbox: try Inbox(directory: storage.url))
        pipeline.start(payload) { [log] in log.record($0) }
        return log.last
    }

    @Test("a push the extension delivers is in the inbox, and its badge counts it")
    func recordsInboxAndBadge() throws {
        #expect(try runExtension(push("a"))?.content?.badge == 1)
        #expect(try runExtension(push("b"))?.content?.badge == 2)
        let inbox = try Inbox(directory: storage.url)
        #expect(try inbox.items().map(\.id) == ["b", "a"])
        #expect(try inbox.unreadCount() == 2)
        let receipts = try ReceiptOutbox(directory: storage.url).pending()
        #expect(receipts.map(\.kind) == [.delivered, .delivered])
        #expect(receipts.map(\.origin) == [.serviceExtension, .serviceExtension])
    }

    @Test("the app receiving the same push later counts it once: one inbox item, one delivered receipt, the same badge")
    func appAndExtensionCountOnce() throws {
        #expect(try runExtension(push("a"))?.content?.badge == 1)
        let h = try RuntimeHarness()
        let recorder = try h.recordReceipts(in: storage.url)
        h.ready()
        h.runtime.didReceiveSilent(push("a"))
        h.runtime.willPresent(push("a"))
        #expect(try recorder.inbox?.items().map(\.id) == ["a"])
        #expect(try recorder.inbox?.badge() == 1)
        #expect(try recorder.outbox.pending().filter { $0.kind == .delivered }.count == 1)
    }

    @Test("a tap read in the app lowers the badge the next extension run sets")
    func badgeFollowsUnread() throws {
        _ = try runExtension(push("a"))
        try Inbox(directory: storage.url).markRead("a")
        #expect(try runExtension(push("b"))?.content?.badge == 1)
    }

    @Test("the payload's own badge: .inbox takes the number the push carries, .payload leaves it as received")
    func payloadBadge() throws {
        #expect(try runExtension(push("a", badge: 7))?.content?.badge == 7)
        #expect(try runExtension(push("b"), badge: .payload)?.content?.badge == nil)
        #expect(try Inbox(directory: storage.url).items().map(\.id) == ["b", "a"], "recorded either way")
    }

    @Test("without the inbox, the badge is left as received")
    func noInbox() {
        let pipeline = ServiceExtensionPipeline(
            configuration: ServiceExtensionConfiguration(directory: storage.url.path), downloader: ScriptedDownloader(clock: clock),
            clock: clock)
        pipeline.start(push("a")) { [log] in log.record($0) }
        #expect(log.last?.content?.badge == nil)
    }
}
