/// When the end of a pan dismisses a banner: a pure function of where the finger
/// went and how fast it was moving when it let go.
///
/// Banners sit at the top of the screen, so only an upward pan (negative y, in
/// UIKit's coordinates) can dismiss one. It does when the pan moved up by more than
/// `distance` points, or by more than `fraction` of the banner's height, or was
/// moving up faster than `velocity` points per second at release. The defaults are
/// SwiftMessages': a threshold of about 20 pt let a light touch throw a banner away
/// by accident. A pan that ends below every threshold springs the banner back.
public struct SwipeDismissRule: Sendable, Hashable {
    /// Points moved upward beyond which the banner goes.
    public var distance: Double
    /// Share of the banner's height moved upward beyond which the banner goes.
    public var fraction: Double
    /// Upward speed at release, in points per second, beyond which the banner goes.
    public var velocity: Double

    public init(distance: Double = 75, fraction: Double = 0.33, velocity: Double = 750) {
        self.distance = distance
        self.fraction = fraction
        self.velocity = velocity
    }

    /// Whether a pan that ended at `translationY` (points, up is negative) while moving
    /// at `velocityY` (points per second, up is negative) dismisses a banner `height`
    /// points tall. A downward pan (or none) never dismisses, however fast; a height of
    /// zero or less turns the fraction test off; non-finite input never dismisses.
    public func shouldDismiss(translationY: Double, velocityY: Double, height: Double) -> Bool {
        guard translationY < 0, translationY.isFinite else { return false }
        let movedUp = -translationY
        if movedUp > distance { return true }
        if height > 0, height.isFinite, movedUp > fraction * height { return true }
        return velocityY.isFinite && -velocityY > velocity
    }

    /// The offset to display for a pan at `translationY`.
    ///
    /// Upward the banner follows the finger. Downward it resists: the offset starts
    /// by following the finger (slope 1) and tends to `limit` without reaching it,
    /// `limit * t / (t + limit)`, so a banner can be tugged but not pulled down the
    /// screen. A `limit` of zero or less holds it still.
    public func rubberBand(translationY: Double, limit: Double = 30) -> Double {
        guard translationY > 0 else { return translationY }
        guard limit > 0, translationY.isFinite else { return max(0, limit) }
        return limit * translationY / (translationY + limit)
    }
}
