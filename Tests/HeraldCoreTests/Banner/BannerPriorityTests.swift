import Testing

@testable import HeraldCore

@Suite("banner queue: priority and capacity")
@MainActor
struct BannerPriorityTests {
    typealias H = BannerHarness

    @Test("the line is ordered by priority, first come first served among equals")
    func order() {
        let h = H()
        h.queue.enqueue(H.item("on-screen", priority: .low))
        h.queue.enqueue(H.item("n1"))
        h.queue.enqueue(H.item("l1", priority: .low))
        h.queue.enqueue(H.item("h1", priority: .high))
        h.queue.enqueue(H.item("n2"))
        h.queue.enqueue(H.item("m1", priority: 750))
        h.queue.enqueue(H.item("h2", priority: .high))
        h.queue.enqueue(H.item("l2", priority: .low))
        #expect(h.queue.queued.map(\.id) == ["h1", "h2", "m1", "n1", "n2", "l1", "l2"])
        h.at(100)
        let shown = h.events.compactMap { if case .willShow(let item) = $0.event { item.id } else { nil } }
        #expect(shown == ["on-screen", "h1", "h2", "m1", "n1", "n2", "l1", "l2"])
    }

    @Test("the banner on screen is never interrupted by a higher priority")
    func noPreemption() {
        let h = H()
        h.queue.enqueue(H.item("low", priority: .low))
        h.at(1)
        h.queue.enqueue(H.item("urgent", priority: BannerPriority(Int.max)))
        h.at(5.5)
        #expect(
            h.take() == [
                "0.0 willShow low", "0.25 didShow low", "5.25 willHide low timeout", "5.5 didHide low timeout",
                "5.5 willShow urgent",
            ])
    }

    @Test("priorities are an open, ordered set")
    func openSet() {
        #expect(BannerPriority.low < .normal && BannerPriority.normal < .high)
        #expect(BannerPriority.low.rawValue == 0 && BannerPriority.normal.rawValue == 500 && BannerPriority.high.rawValue == 1000)
        let between: BannerPriority = 750
        #expect(.normal < between && between < .high && between == BannerPriority(rawValue: 750))
        #expect("\(BannerPriority.high) \(between)" == "high priority(750)")
    }

    @Test("a full line drops a new item that does not outrank anything waiting")
    func overflowDropsNew() {
        let h = H(.init(capacity: 2))
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.queue.enqueue(H.item("c"))
        h.take()
        h.queue.enqueue(H.item("d"))
        h.queue.enqueue(H.item("e", priority: .low))
        #expect(h.take() == ["0.0 dropped d overflow", "0.0 dropped e overflow"])
        #expect(h.queue.queued.map(\.id) == ["b", "c"])
    }

    @Test("a higher item evicts the lowest waiting item, the newest among equals")
    func overflowEvicts() {
        let h = H(.init(capacity: 3))
        h.queue.enqueue(H.item("on-screen"))
        h.queue.enqueue(H.item("l1", priority: .low))
        h.queue.enqueue(H.item("n1"))
        h.queue.enqueue(H.item("l2", priority: .low))
        h.take()
        h.queue.enqueue(H.item("n2"))
        #expect(h.take() == ["0.0 dropped l2 overflow"])
        #expect(h.queue.queued.map(\.id) == ["n1", "n2", "l1"])
        h.queue.enqueue(H.item("h1", priority: .high))
        #expect(h.take() == ["0.0 dropped l1 overflow"])
        #expect(h.queue.queued.map(\.id) == ["h1", "n1", "n2"])
        h.queue.enqueue(H.item("h2", priority: .high))
        #expect(h.take() == ["0.0 dropped n2 overflow"])
        #expect(h.queue.queued.map(\.id) == ["h1", "h2", "n1"])
    }

    @Test("with capacity zero an item shows only when the slot is free")
    func capacityZero() {
        let h = H(.init(capacity: 0))
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b", priority: .high))
        h.queue.present(H.item("c"))
        #expect(h.take() == ["0.0 willShow a", "0.0 dropped b overflow", "0.0 dropped c overflow"])
        #expect(h.queue.queued.isEmpty)
    }

    @Test("present hides the banner on screen as replaced and shows next, ahead of higher priorities")
    func present() {
        let h = H(.init(gap: 0.5))
        h.queue.present(H.item("first"))
        #expect(h.take() == ["0.0 willShow first"])
        h.queue.enqueue(H.item("h1", priority: .high))
        h.at(1)
        h.queue.present(H.item("call", priority: .low))
        #expect(h.queue.queued.map(\.id) == ["call", "h1"])
        h.queue.enqueue(H.item("h2", priority: .high))
        #expect(h.queue.queued.map(\.id) == ["call", "h1", "h2"])
        h.at(1.75)
        #expect(
            h.take() == [
                "0.25 didShow first", "1.0 willHide first replaced", "1.25 didHide first replaced", "1.75 willShow call",
            ])
    }

    @Test("present during the show animation replaces the banner right after it appears")
    func presentWhileAppearing() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.queue.present(H.item("b"))
        h.queue.present(H.item("c"))
        #expect(h.queue.queued.map(\.id) == ["c", "b"])
        h.at(0.5)
        #expect(
            h.take() == [
                "0.0 willShow a", "0.25 didShow a", "0.25 willHide a replaced", "0.5 didHide a replaced", "0.5 willShow c",
            ])
        h.at(6)
        #expect(h.take().suffix(2) == ["6.0 didHide c timeout", "6.0 willShow b"])
    }
}
