import Testing

@testable import HeraldCore

@Suite("banner queue: tap, swipe and dismiss")
@MainActor
struct BannerDismissTests {
    typealias H = BannerHarness

    /// A queue with "a" visible since 0.25 and "b" waiting, events taken.
    func visibleA() -> H {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.at(1)
        h.take()
        return h
    }

    @Test("a tap reports tapped, then hides the banner with reason tap")
    func tap() {
        let h = visibleA()
        h.queue.tap()
        #expect(h.take() == ["1.0 tapped a", "1.0 willHide a tap"])
        h.queue.tap()
        h.at(1.25)
        #expect(h.take() == ["1.25 didHide a tap", "1.25 willShow b"])
    }

    @Test("a tap during the show animation reports at once and hides right after the banner appears")
    func tapWhileAppearing() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.at(0.125)
        h.queue.tap()
        h.queue.tap()
        h.queue.dismissCurrent()
        #expect(h.take() == ["0.0 willShow a", "0.125 tapped a"])
        #expect(h.queue.current?.id == "a" && h.queue.phase == .appearing)
        h.at(1)
        #expect(h.take() == ["0.25 didShow a", "0.25 willHide a tap", "0.5 didHide a tap"])
        #expect(h.clock.pendingCount == 0)
    }

    @Test("a swipe past a threshold dismisses; during the show animation it waits for didShow")
    func swipeDismisses() {
        let h = visibleA()
        h.queue.touchDown()
        h.queue.swipe(translationY: -80, velocityY: 0, height: 100)
        #expect(h.take() == ["1.0 willHide a swipe"])
        #expect(!h.queue.isTouching)
        h.at(1.25)
        h.queue.touchDown()
        h.queue.swipe(translationY: -5, velocityY: -900, height: 100)
        #expect(h.take() == ["1.25 didHide a swipe", "1.25 willShow b"])
        h.at(2)
        #expect(h.take() == ["1.5 didShow b", "1.5 willHide b swipe", "1.75 didHide b swipe"])
    }

    @Test("a swipe below every threshold springs back and resumes the countdown where it was")
    func swipeResumes() {
        let h = visibleA()
        h.queue.touchDown()
        h.at(10)
        h.queue.swipe(translationY: -20, velocityY: -100, height: 100)
        #expect(!h.queue.isTouching && h.queue.autoHideRemaining == 4.25)
        h.queue.swipe(translationY: 200, velocityY: 3000, height: 100)
        h.at(14.25)
        #expect(h.take() == ["14.25 willHide a timeout"])
    }

    @Test("dismissCurrent hides with reason programmatic, once; the line goes on")
    func dismissCurrent() {
        let h = visibleA()
        h.queue.dismissCurrent()
        h.queue.dismissCurrent()
        h.queue.tap()
        h.queue.swipe(translationY: -200, velocityY: -2000, height: 100)
        h.at(1.25)
        #expect(h.take() == ["1.0 willHide a programmatic", "1.25 didHide a programmatic", "1.25 willShow b"])
    }

    @Test("dismissing with nothing on screen does nothing")
    func dismissIdle() {
        let h = H()
        h.queue.dismissCurrent()
        h.queue.tap()
        h.queue.swipe(translationY: -200, velocityY: -2000, height: 100)
        h.queue.removeAll()
        #expect(h.trace.isEmpty && h.queue.phase == .idle)
    }

    @Test("removeAll drops every waiting item and hides the banner on screen")
    func removeAll() {
        let h = visibleA()
        h.queue.enqueue(H.item("c", priority: .high))
        h.queue.removeAll()
        #expect(h.take() == ["1.0 dropped c removed", "1.0 dropped b removed", "1.0 willHide a programmatic"])
        #expect(h.queue.queued.isEmpty)
        h.at(10)
        #expect(h.take() == ["1.25 didHide a programmatic"])
        #expect(h.queue.phase == .idle && h.queue.current == nil)
    }

    @Test("removeAll during the show animation hides the banner right after it appears")
    func removeAllWhileAppearing() {
        let h = H(.init(gap: 1))
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.queue.removeAll()
        h.queue.enqueue(H.item("c"))
        h.at(10)
        #expect(
            h.trace == [
                "0.0 willShow a", "0.0 dropped b removed", "0.25 didShow a", "0.25 willHide a programmatic",
                "0.5 didHide a programmatic", "1.5 willShow c", "1.75 didShow c", "6.75 willHide c timeout",
                "7.0 didHide c timeout",
            ])
    }

    @Test("removeAll during the gap clears the line and nothing shows")
    func removeAllWhileResting() {
        let h = H(.init(gap: 1))
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.at(5.75)
        h.take()
        h.queue.removeAll()
        h.at(10)
        #expect(h.take() == ["5.75 dropped b removed"])
        #expect(h.queue.phase == .idle)
    }
}
