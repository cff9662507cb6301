/// One finger on the banner, from touch-down to lift-off: how far it moved, how
/// fast it was going, and whether it was a tap or a pan. Pure arithmetic on the
/// positions and times the view reports, so the UIKit banner only forwards touches.
///
/// Positions are points in the banner's window (y grows downward, as in UIKit);
/// times are seconds on any monotonic clock (`UITouch.timestamp`).
public struct BannerDrag: Sendable, Hashable {
    /// What a finished touch was.
    public enum Outcome: Sendable, Hashable {
        /// The finger never moved farther than `tapSlop` from where it landed.
        case tap
        /// The finger moved: hand these to `HeraldRuntime.bannerSwiped`.
        case pan(translationY: Double, velocityY: Double)
    }

    /// Points the finger may wander and still tap (UIKit's tap allows about 10).
    public let tapSlop: Double
    private let startX: Double
    private let startY: Double
    private var lastY: Double
    private var lastTime: Double
    /// Whether the finger has left the tap slop at any point.
    public private(set) var isPanning = false
    /// Points per second along y over the latest movement (up is negative).
    public private(set) var velocityY: Double = 0

    /// A finger landed at (`x`, `y`) at `time`.
    public init(x: Double, y: Double, at time: Double, tapSlop: Double = 10) {
        self.tapSlop = max(0, tapSlop)
        startX = x
        startY = y
        lastY = y
        lastTime = time
    }

    /// How far the finger moved along y since it landed (up is negative).
    public var translationY: Double { lastY - startY }

    /// The finger moved to (`x`, `y`) at `time`.
    public mutating func move(x: Double, y: Double, at time: Double) {
        let dx = x - startX
        let dy = y - startY
        if dx * dx + dy * dy > tapSlop * tapSlop { isPanning = true }
        let elapsed = time - lastTime
        if elapsed > 0 { velocityY = (y - lastY) / elapsed }
        lastY = y
        lastTime = time
    }

    /// The banner's vertical offset to show now: the finger upward, rubber-banded
    /// downward (`SwipeDismissRule.rubberBand`); zero while it is still a tap.
    public func offset(rule: SwipeDismissRule, limit: Double = 30) -> Double {
        isPanning ? rule.rubberBand(translationY: translationY, limit: limit) : 0
    }

    /// The finger lifted at (`x`, `y`) at `time`: a tap, or a pan with its translation
    /// and the velocity of its last movement (near zero when the finger rested first).
    public mutating func end(x: Double, y: Double, at time: Double) -> Outcome {
        move(x: x, y: y, at: time)
        return isPanning ? .pan(translationY: translationY, velocityY: velocityY) : .tap
    }
}
