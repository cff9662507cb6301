import Testing

@testable import HeraldCore

@Suite("Runtime: leaving the foreground")
@MainActor
struct RuntimeForegroundExitTests {
    @Test("a banner still waiting when the app leaves the foreground goes to the notification centre, once")
    func waitingBannerIsReposted() throws {
        let h = try RuntimeHarness()
        h.ready()
        h.runtime.willPresent(push("n1"))
        h.runtime.willPresent(push("n2"))
        #expect(h.runtime.bannerQueue.queued.map(\.id) == ["n2"])
        h.clock.advance(by: 1)
        h.runtime.setState(.background)
        #expect(h.localPosts.map(\.id) == ["n2"], "the banner on screen was seen; the waiting one is posted")
        #expect(h.kinds == ["received", "banner.show", "received", "banner.drop.removed", "repost", "banner.hide.programmatic"])
        h.clock.advance(by: 10)
        #expect(h.localPosts.count == 1)
        #expect(h.shownBanners.map(\.id) == ["n1"])
    }

    @Test("the re-posted banner's receipts count delivery once")
    func repostCountedOnce() throws {
        let directory = try TemporaryDirectory()
        let h = try RuntimeHarness()
        let recorder = try h.recordReceipts(in: directory.url)
        h.ready()
        h.runtime.willPresent(push("n1"))
        h.runtime.willPresent(push("n2"))
        h.runtime.setState(.background)
        // The system delivers the local notification in the background: nothing reaches the runtime.
        // Later the app comes back and the user taps it in the notification centre.
        h.runtime.setState(.active)
        h.runtime.didReceiveResponse(.object(h.localPosts[0].raw))
        let receipts = try recorder.outbox.pending().filter { $0.notificationID == "n2" }
        let counted: [Receipt.Kind] = receipts.map(\.kind).filter { [Receipt.Kind.delivered, .opened].contains($0) }
        #expect(counted == [.delivered, .opened])
        // Re-posted for the list when the app left the foreground: presented by the system.
        #expect(receipts.first { $0.kind == .presented }?.facts?.presented?.how == "system")
        #expect(try recorder.inbox?.items().map(\.id) == ["n2", "n1"])
    }
}
