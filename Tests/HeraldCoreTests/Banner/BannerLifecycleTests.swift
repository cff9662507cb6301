import Testing

@testable import HeraldCore

@Suite("banner queue: one banner at a time")
@MainActor
struct BannerLifecycleTests {
    typealias H = BannerHarness

    @Test("an item enqueued when idle shows, stays visibleDuration from didShow, and hides")
    func fullCycle() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        #expect(h.take() == ["0.0 willShow a"])
        #expect(h.queue.current?.id == "a" && h.queue.phase == .appearing)
        h.at(0.25)
        #expect(h.take() == ["0.25 didShow a"])
        #expect(h.queue.phase == .visible && h.queue.autoHideRemaining == 5)
        h.at(5.24)
        #expect(h.take().isEmpty)
        h.at(5.25)
        #expect(h.take() == ["5.25 willHide a timeout"])
        #expect(h.queue.current?.id == "a" && h.queue.phase == .hiding(.timeout))
        h.at(5.5)
        #expect(h.take() == ["5.5 didHide a timeout"])
        #expect(h.queue.current == nil && h.queue.phase == .idle)
        #expect(h.clock.pendingCount == 0)
    }

    @Test("with no gap the next waiting banner shows the instant the last one is gone")
    func nextWithoutGap() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        #expect(h.queue.current?.id == "a" && h.queue.queued.map(\.id) == ["b"])
        h.at(20)
        #expect(
            h.trace == [
                "0.0 willShow a", "0.25 didShow a", "5.25 willHide a timeout", "5.5 didHide a timeout",
                "5.5 willShow b", "5.75 didShow b", "10.75 willHide b timeout", "11.0 didHide b timeout",
            ])
        #expect(h.queue.queued.isEmpty && h.queue.phase == .idle)
    }

    @Test("the gap separates banners, and an item arriving during the gap waits for its end")
    func gap() {
        let h = H(.init(gap: 0.5))
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.at(5.5)
        #expect(h.take() == ["0.0 willShow a", "0.25 didShow a", "5.25 willHide a timeout", "5.5 didHide a timeout"])
        #expect(h.queue.phase == .resting && h.queue.current == nil)
        h.at(6)
        #expect(h.take() == ["6.0 willShow b"])
        h.at(11.5)
        #expect(h.take() == ["6.25 didShow b", "11.25 willHide b timeout", "11.5 didHide b timeout"])
        h.at(11.75)
        h.queue.enqueue(H.item("c"))
        #expect(h.take().isEmpty)
        #expect(h.queue.queued.map(\.id) == ["c"])
        h.at(12)
        #expect(h.take() == ["12.0 willShow c"])
        h.at(30)
        h.take()
        h.queue.enqueue(H.item("d"))
        #expect(h.take() == ["30.0 willShow d"])
    }

    @Test("an infinite visibleDuration keeps the banner until it is dismissed")
    func sticky() {
        let h = H(.init(visibleDuration: .infinity))
        h.queue.enqueue(H.item("a"))
        h.at(1000)
        #expect(h.take() == ["0.0 willShow a", "0.25 didShow a"])
        #expect(h.clock.pendingCount == 0)
        h.queue.dismissCurrent()
        h.at(1001)
        #expect(h.take() == ["1000.0 willHide a programmatic", "1000.25 didHide a programmatic"])
    }

    @Test("state is current inside the handler, and calls from the handler queue their events after it")
    func reentrancy() {
        let h = H()
        var seen: [String] = []
        h.onEvent = { event in
            switch event {
            case .didShow(let item) where item.id == "a":
                seen.append("didShow a: phase \(h.queue.phase)")
                h.queue.dismissCurrent()
            case .didHide(let item, _) where item.id == "a":
                seen.append("didHide a: current \(h.queue.current?.id ?? "none")")
                h.queue.enqueue(H.item("c"))
            default: break
            }
        }
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.at(0.5)
        #expect(seen == ["didShow a: phase visible", "didHide a: current b"])
        #expect(
            h.take() == [
                "0.0 willShow a", "0.25 didShow a", "0.25 willHide a programmatic", "0.5 didHide a programmatic",
                "0.5 willShow b",
            ])
        #expect(h.queue.queued.map(\.id) == ["c"])
    }

    @Test("an item made from a notification takes its id and thread")
    func itemFromNotification() {
        let aps = APS(threadID: "chat-7")
        let item = BannerItem(notification: PushNotification(provider: .apns, id: "n1", aps: aps), priority: .high)
        #expect(item.id == "n1" && item.threadID == "chat-7" && item.priority == .high)
        let anonymous = BannerItem(notification: PushNotification(provider: .apns))
        let other = BannerItem(notification: PushNotification(provider: .apns))
        #expect(anonymous.id != other.id && anonymous.threadID == nil && anonymous.priority == .normal)
    }

    @Test("the event's item is the one it names")
    func eventItem() {
        let a = H.item("a")
        let events: [BannerEvent] = [
            .willShow(a), .didShow(a), .willHide(a, .tap), .didHide(a, .tap), .updated(a), .dropped(a, .overflow),
            .tapped(a),
        ]
        #expect(events.allSatisfy { $0.item == a })
    }
}
