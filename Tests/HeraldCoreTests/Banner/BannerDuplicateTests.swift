import Testing

@testable import HeraldCore

@Suite("banner queue: duplicates and threads")
@MainActor
struct BannerDuplicateTests {
    typealias H = BannerHarness

    @Test("an id on screen, waiting, or recently shown is dropped as a duplicate")
    func duplicates() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.queue.enqueue(H.item("a", body: "again"))
        h.queue.enqueue(H.item("b", priority: .high))
        #expect(h.take() == ["0.0 willShow a", "0.0 dropped a duplicate", "0.0 dropped b duplicate"])
        h.at(20)
        h.take()
        h.queue.enqueue(H.item("a"))
        h.queue.present(H.item("b"))
        #expect(h.take() == ["20.0 dropped a duplicate", "20.0 dropped b duplicate"])
    }

    @Test("only the last recentIDLimit ids are remembered")
    func recentLimit() {
        let h = H(.init(recentIDLimit: 2))
        for id in ["a", "b", "c"] {
            h.queue.enqueue(H.item(id))
            h.at(h.clock.now + 10)
        }
        h.take()
        h.queue.enqueue(H.item("b"))
        h.at(h.clock.now + 10)
        h.queue.enqueue(H.item("a"))
        #expect(h.take().first == "30.0 dropped b duplicate")
        #expect(h.queue.current?.id == "a")
    }

    @Test("the same thread as the banner on screen replaces its content and restarts its countdown")
    func coalesceCurrent() {
        let h = H()
        h.queue.enqueue(H.item("a", thread: "t"))
        h.at(4)
        h.queue.enqueue(H.item("a2", thread: "t", body: "newer"))
        #expect(h.queue.current?.id == "a2" && h.queue.current?.notification.content.body == "newer")
        #expect(h.queue.queued.isEmpty && h.queue.autoHideRemaining == 5)
        h.at(10)
        #expect(
            h.take() == [
                "0.0 willShow a", "0.25 didShow a", "4.0 updated a2", "9.0 willHide a2 timeout", "9.25 didHide a2 timeout",
            ])
    }

    @Test("the same thread during the show animation updates it; the countdown starts at didShow as usual")
    func coalesceWhileAppearing() {
        let h = H()
        h.queue.enqueue(H.item("a", thread: "t"))
        h.at(0.125)
        h.queue.enqueue(H.item("a2", thread: "t"))
        h.at(6)
        #expect(
            h.take() == [
                "0.0 willShow a", "0.125 updated a2", "0.25 didShow a2", "5.25 willHide a2 timeout", "5.5 didHide a2 timeout",
            ])
    }

    @Test("a coalesced id counts as seen")
    func coalescedIDSeen() {
        let h = H()
        h.queue.enqueue(H.item("a", thread: "t"))
        h.queue.enqueue(H.item("a2", thread: "t"))
        h.at(20)
        h.take()
        h.queue.enqueue(H.item("a2"))
        #expect(h.take() == ["20.0 dropped a2 duplicate"])
    }

    @Test("the same thread as a waiting item takes its place in line; the older one is superseded")
    func coalesceQueued() {
        let h = H()
        h.queue.enqueue(H.item("on-screen"))
        h.queue.enqueue(H.item("x"))
        h.queue.enqueue(H.item("q1", thread: "t"))
        h.queue.enqueue(H.item("y"))
        h.take()
        h.queue.enqueue(H.item("q2", thread: "t", body: "newer"))
        #expect(h.take() == ["0.0 dropped q1 superseded"])
        #expect(h.queue.queued.map(\.id) == ["x", "q2", "y"])
        #expect(h.queue.queued[1].notification.content.body == "newer")
        h.queue.enqueue(H.item("q3", thread: "t", priority: .low))
        #expect(h.queue.queued.map(\.id) == ["x", "q3", "y"])
        h.queue.enqueue(H.item("q1"))
        #expect(h.take() == ["0.0 dropped q2 superseded", "0.0 dropped q1 duplicate"])
    }

    @Test("a higher priority moves a thread's waiting item forward, never back")
    func coalesceQueuedPromotes() {
        let h = H()
        h.queue.enqueue(H.item("on-screen"))
        h.queue.enqueue(H.item("h1", priority: .high))
        h.queue.enqueue(H.item("n1"))
        h.queue.enqueue(H.item("q1", thread: "t", priority: .low))
        h.queue.enqueue(H.item("q2", thread: "t", priority: .high))
        #expect(h.queue.queued.map(\.id) == ["h1", "q2", "n1"])
        h.queue.enqueue(H.item("q3", thread: "t", priority: .low))
        h.queue.enqueue(H.item("n2"))
        #expect(h.queue.queued.map(\.id) == ["h1", "q3", "n1", "n2"])
    }

    @Test("a thread waiting behind present gives its place to the presented item")
    func presentSupersedesThread() {
        let h = H()
        h.queue.enqueue(H.item("on-screen"))
        h.queue.enqueue(H.item("x", priority: .high))
        h.queue.enqueue(H.item("q1", thread: "t"))
        h.take()
        h.queue.present(H.item("q2", thread: "t"))
        #expect(h.take() == ["0.0 dropped q1 superseded"])
        #expect(h.queue.queued.map(\.id) == ["q2", "x"])
    }

    @Test("a banner on its way out does not coalesce: the item waits for its own banner")
    func noCoalesceWhileLeaving() {
        let h = H()
        h.queue.enqueue(H.item("a", thread: "t"))
        h.at(5.375)
        h.queue.enqueue(H.item("a2", thread: "t"))
        #expect(h.queue.queued.map(\.id) == ["a2"])
        h.at(5.5)
        #expect(h.take().suffix(2) == ["5.5 didHide a timeout", "5.5 willShow a2"])
        h.queue.tap()
        h.queue.enqueue(H.item("a3", thread: "t"))
        #expect(h.queue.queued.map(\.id) == ["a3"] && h.queue.current?.id == "a2")
    }

    @Test("items without a thread never coalesce")
    func noThread() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.queue.enqueue(H.item("c"))
        #expect(h.queue.current?.id == "a" && h.queue.queued.map(\.id) == ["b", "c"])
        #expect(h.take() == ["0.0 willShow a"])
    }
}
