#if canImport(UIKit)
import HeraldCore
import UIKit

/// The banner on screen: a rounded card around a `BannerContentView` that follows the
/// finger and reports what the finger did. It tracks touches as a `UIControl`
/// (`beginTracking` ... `endTracking`) rather than with gesture recognizers: those need
/// `@objc` target-action, which `make check-apple` cannot type-check on Linux, while
/// these are plain overrides. `BannerDrag` (HeraldCore) tells a tap from a pan.
@MainActor
final class BannerCard: UIControl {
    /// What the finger did, for `UIKitBanner` to report to the runtime.
    enum Gesture {
        case touchDown
        case moved(offset: CGFloat)
        case tap
        case pan(translationY: Double, velocityY: Double, height: Double)
        case cancelled
        /// VoiceOver's escape gesture.
        case dismiss
    }

    let content: any BannerContentView
    private let swipeRule: SwipeDismissRule
    private let onGesture: @MainActor (Gesture) -> Void
    private var drag: BannerDrag?

    init(content: any BannerContentView, style: BannerStyle, swipeRule: SwipeDismissRule, onGesture: @escaping @MainActor (Gesture) -> Void) {
        self.content = content
        self.swipeRule = swipeRule
        self.onGesture = onGesture
        super.init(frame: .zero)
        content.isUserInteractionEnabled = false
        content.translatesAutoresizingMaskIntoConstraints = false
        addSubview(content)
        NSLayoutConstraint.activate([
            content.topAnchor.constraint(equalTo: topAnchor),
            content.leadingAnchor.constraint(equalTo: leadingAnchor),
            content.trailingAnchor.constraint(equalTo: trailingAnchor),
            content.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
        isAccessibilityElement = true
        accessibilityTraits = .button
        apply(style)
    }

    required init?(coder: NSCoder) { nil }

    /// Gives the card `style`'s background and corners.
    func apply(_ style: BannerStyle) {
        backgroundColor = style.background
        layer.cornerRadius = style.cornerRadius
        layer.cornerCurve = .continuous
        clipsToBounds = true
    }

    /// Shows `item` and updates what VoiceOver reads.
    func show(_ item: BannerItem, style: BannerStyle) {
        content.show(item, style: style)
        accessibilityLabel = content.accessibilityText
    }

    // MARK: Touches

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: window)
        drag = BannerDrag(x: Double(point.x), y: Double(point.y), at: touch.timestamp)
        onGesture(.touchDown)
        return true
    }

    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: window)
        drag?.move(x: Double(point.x), y: Double(point.y), at: touch.timestamp)
        onGesture(.moved(offset: CGFloat(drag?.offset(rule: swipeRule) ?? 0)))
        return true
    }

    override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard var drag, let touch else { return onGesture(.cancelled) }
        self.drag = nil
        let point = touch.location(in: window)
        switch drag.end(x: Double(point.x), y: Double(point.y), at: touch.timestamp) {
        case .tap: onGesture(.tap)
        case .pan(let translation, let velocity):
            onGesture(.pan(translationY: translation, velocityY: velocity, height: Double(bounds.height)))
        }
    }

    override func cancelTracking(with event: UIEvent?) {
        super.cancelTracking(with: event)
        drag = nil
        onGesture(.cancelled)
    }

    // MARK: VoiceOver

    /// A double-tap with VoiceOver opens the banner, like a tap.
    override func accessibilityActivate() -> Bool {
        onGesture(.tap)
        return true
    }

    /// The escape gesture (two-finger scrub) dismisses it.
    override func accessibilityPerformEscape() -> Bool {
        onGesture(.dismiss)
        return true
    }
}
#endif
