import Testing

@testable import HeraldCore

@Suite("banner queue: a finger holds the banner")
@MainActor
struct BannerTouchTests {
    typealias H = BannerHarness

    @Test("touch down pauses the countdown; touch up resumes it with the time it had left")
    func pauseAndResume() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.at(2.25)
        h.queue.touchDown()
        #expect(h.queue.isTouching && h.queue.isAutoHidePaused && h.queue.autoHideRemaining == 3)
        h.at(30)
        #expect(h.take() == ["0.0 willShow a", "0.25 didShow a"])
        h.queue.touchUp()
        #expect(!h.queue.isAutoHidePaused && h.queue.autoHideRemaining == 3)
        h.at(40)
        #expect(h.take() == ["33.0 willHide a timeout", "33.25 didHide a timeout"])
    }

    @Test("several holds add up: the banner is visible for visibleDuration of unheld time")
    func severalHolds() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.at(1.25)
        h.queue.touchDown()
        h.at(3.25)
        h.queue.touchUp()
        h.at(4.25)
        h.queue.touchDown()
        h.queue.touchDown()
        h.at(9.25)
        h.queue.touchUp()
        h.queue.touchUp()
        h.at(20)
        #expect(h.take() == ["0.0 willShow a", "0.25 didShow a", "12.25 willHide a timeout", "12.5 didHide a timeout"])
    }

    @Test("touch up without a touch down, or with nothing on screen, does nothing")
    func strayTouches() {
        let h = H()
        h.queue.touchDown()
        h.queue.touchUp()
        #expect(!h.queue.isTouching)
        h.queue.enqueue(H.item("a"))
        h.at(1)
        h.queue.touchUp()
        h.at(10)
        #expect(h.trace == ["0.0 willShow a", "0.25 didShow a", "5.25 willHide a timeout", "5.5 didHide a timeout"])
    }

    @Test("a touch during the show animation holds the banner from didShow; the full time runs from touch up")
    func touchWhileAppearing() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.at(0.125)
        h.queue.touchDown()
        h.at(10)
        #expect(h.take() == ["0.0 willShow a", "0.25 didShow a"])
        #expect(h.queue.isAutoHidePaused && h.queue.autoHideRemaining == 5)
        h.queue.touchUp()
        h.at(20)
        #expect(h.take() == ["15.0 willHide a timeout", "15.25 didHide a timeout"])
    }

    @Test("a touch during the hide animation is ignored and does not hold the next banner")
    func touchWhileHiding() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.at(5.375)
        h.queue.touchDown()
        #expect(!h.queue.isTouching)
        h.at(5.5)
        h.queue.touchUp()
        h.at(20)
        #expect(
            h.trace == [
                "0.0 willShow a", "0.25 didShow a", "5.25 willHide a timeout", "5.5 didHide a timeout",
                "5.5 willShow b", "5.75 didShow b", "10.75 willHide b timeout", "11.0 didHide b timeout",
            ])
    }

    @Test("a finger still down when the banner is dismissed does not hold the next one")
    func fingerDownAcrossBanners() {
        let h = H()
        h.queue.enqueue(H.item("a"))
        h.queue.enqueue(H.item("b"))
        h.at(1)
        h.queue.touchDown()
        h.queue.dismissCurrent()
        #expect(!h.queue.isTouching)
        h.at(1.25)
        h.at(2)
        #expect(!h.queue.isAutoHidePaused)
        h.queue.touchUp()
        h.at(20)
        #expect(h.take().suffix(3) == ["1.5 didShow b", "6.5 willHide b timeout", "6.75 didHide b timeout"])
    }

    @Test("a coalesced update while held restarts the countdown from full but keeps it held")
    func updateWhileHeld() {
        let h = H()
        h.queue.enqueue(H.item("a", thread: "t"))
        h.at(3.25)
        h.queue.touchDown()
        #expect(h.queue.autoHideRemaining == 2)
        h.queue.enqueue(H.item("a2", thread: "t"))
        #expect(h.queue.isAutoHidePaused && h.queue.autoHideRemaining == 5)
        h.at(9)
        h.queue.touchUp()
        h.at(20)
        #expect(
            h.trace == [
                "0.0 willShow a", "0.25 didShow a", "3.25 updated a2", "14.0 willHide a2 timeout",
                "14.25 didHide a2 timeout",
            ])
    }
}
