import Testing

@testable import HeraldCore

@Suite("banner drag")
struct BannerDragTests {
    @Test("a finger that stays within the slop is a tap and never moves the banner")
    func tap() {
        var drag = BannerDrag(x: 100, y: 40, at: 1.0)
        drag.move(x: 104, y: 46, at: 1.05)
        #expect(!drag.isPanning)
        #expect(drag.offset(rule: SwipeDismissRule()) == 0)
        #expect(drag.end(x: 106, y: 47, at: 1.1) == .tap)
    }

    @Test("leaving the slop sideways makes it a pan, not a tap")
    func sideways() {
        var drag = BannerDrag(x: 100, y: 40, at: 0)
        drag.move(x: 130, y: 40, at: 0.1)
        #expect(drag.end(x: 100, y: 40, at: 0.2) == .pan(translationY: 0, velocityY: 0))
    }

    @Test("upward the banner follows the finger; downward it is rubber-banded by the core's rule")
    func offset() {
        let rule = SwipeDismissRule()
        var up = BannerDrag(x: 0, y: 60, at: 0)
        up.move(x: 0, y: 20, at: 0.1)
        #expect(up.offset(rule: rule) == -40)
        var down = BannerDrag(x: 0, y: 20, at: 0)
        down.move(x: 0, y: 80, at: 0.1)
        #expect(down.offset(rule: rule) == rule.rubberBand(translationY: 60))
        #expect(down.offset(rule: rule, limit: 10) < 10)
    }

    @Test("the velocity is the last movement's, so a flick is fast and a resting finger slow")
    func velocity() {
        var flick = BannerDrag(x: 0, y: 80, at: 0)
        flick.move(x: 0, y: 60, at: 0.5)
        #expect(flick.end(x: 0, y: 40, at: 0.515625) == .pan(translationY: -40, velocityY: -1280))

        var rested = BannerDrag(x: 0, y: 80, at: 0)
        rested.move(x: 0, y: 40, at: 0.05)
        guard case .pan(let translation, let speed) = rested.end(x: 0, y: 40, at: 0.6) else {
            Issue.record("a 40 pt move is a pan")
            return
        }
        #expect(translation == -40 && speed == 0)
    }

    @Test("a touch reported twice at one instant keeps the velocity it had")
    func sameInstant() {
        var drag = BannerDrag(x: 0, y: 80, at: 0)
        drag.move(x: 0, y: 60, at: 0.1)
        drag.move(x: 0, y: 60, at: 0.1)
        #expect(drag.velocityY == -200)
    }

    @Test("what a pan reports drives the queue's swipe the same way the simulator's swipe does")
    @MainActor func drivesTheQueue() {
        var drag = BannerDrag(x: 0, y: 70, at: 0)
        drag.move(x: 0, y: 40, at: 0.2)
        guard case .pan(let translation, let speed) = drag.end(x: 0, y: 30, at: 0.3) else {
            Issue.record("expected a pan")
            return
        }
        // 40 pt up of an 88 pt banner: more than a third, so it dismisses (post 000's third banner).
        #expect(SwipeDismissRule().shouldDismiss(translationY: translation, velocityY: speed, height: 88))
    }
}
