import Testing

@testable import HeraldCore

@Suite("swipe dismiss rule")
struct BannerSwipeRuleTests {
    @Test("the defaults are SwiftMessages': 75 pt, a third of the height, 750 pt/s")
    func defaults() {
        let rule = SwipeDismissRule()
        #expect(rule.distance == 75 && rule.fraction == 0.33 && rule.velocity == 750)
        #expect(BannerQueue.Configuration().swipeRule == rule)
    }

    static let cases: [(translation: Double, velocity: Double, height: Double, dismisses: Bool)] = [
        (-76, 0, 300, true),  // past the distance
        (-75, 0, 300, false),  // at it is not past it
        (-34, 0, 100, true),  // past a third of the height
        (-33, 0, 100, false),
        (-1, -751, 300, true),  // a flick
        (-1, -750, 300, false),
        (-20, -100, 300, false),  // post 000's 20 pt no longer dismisses
        (-20, -100, 0, false),  // no height: the fraction test is off
        (0, -5000, 300, false),  // no upward movement
        (40, -5000, 300, false),  // downward never dismisses
        (500, 5000, 300, false),
        (-.infinity, 0, 300, false),
        (.nan, -5000, 300, false),
        (-10, .nan, 300, false),
    ]

    @Test("dismisses upward past a distance, a fraction of the height or a speed", arguments: cases)
    func shouldDismiss(_ example: (translation: Double, velocity: Double, height: Double, dismisses: Bool)) {
        let rule = SwipeDismissRule()
        #expect(
            rule.shouldDismiss(translationY: example.translation, velocityY: example.velocity, height: example.height)
                == example.dismisses)
    }

    @Test("the thresholds are settings")
    func custom() {
        let rule = SwipeDismissRule(distance: 20, fraction: 1, velocity: 100)
        #expect(rule.shouldDismiss(translationY: -21, velocityY: 0, height: 500))
        #expect(rule.shouldDismiss(translationY: -2, velocityY: -101, height: 500))
        #expect(!rule.shouldDismiss(translationY: -19, velocityY: -99, height: 500))
    }

    @Test("upward the banner follows the finger; downward it resists and tends to the limit")
    func rubberBand() {
        let rule = SwipeDismissRule()
        #expect(rule.rubberBand(translationY: -42) == -42)
        #expect(rule.rubberBand(translationY: 0) == 0)
        #expect(abs(rule.rubberBand(translationY: 0.01) - 0.01) < 1e-4)
        #expect(rule.rubberBand(translationY: 30) == 15)
        var last = 0.0
        for step in 1...200 {
            let offset = rule.rubberBand(translationY: Double(step) * 10)
            #expect(offset > last && offset < 30)
            last = offset
        }
        #expect(last > 29.5)
        #expect(rule.rubberBand(translationY: 1000, limit: 10) < 10)
        #expect(rule.rubberBand(translationY: 50, limit: 0) == 0)
        #expect(rule.rubberBand(translationY: .infinity) == 30)
    }
}
