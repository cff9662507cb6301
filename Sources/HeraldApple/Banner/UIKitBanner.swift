#if canImport(UIKit)
import HeraldCore
import UIKit

/// The in-app banner for UIKit and SwiftUI apps: `BannerQueue` (in the runtime) says
/// when a banner shows, updates and hides; this slides a card in and out of a window
/// of the active scene, placed by the real safe-area insets (notch, Dynamic Island,
/// landscape), and reports touches back to the runtime. It decides nothing itself.
@MainActor
public final class UIKitBanner: BannerPresenter {
    /// The look of the default content and of the card.
    public var style: BannerStyle
    /// Makes the view for a banner; `StandardBannerView` by default.
    public var makeContent: @MainActor (BannerItem) -> any BannerContentView = { _ in StandardBannerView() }
    /// The scene to show a banner in: the foreground-active one by default.
    public var windowScene: @MainActor () -> UIWindowScene? = UIKitBanner.foregroundActiveScene

    weak var runtime: HeraldRuntime?
    private let duration: TimeInterval
    private let swipeRule: SwipeDismissRule
    private let logger: any HeraldLogger
    private var windows: [BannerWindow] = []
    private var current: Shown?

    /// The card on screen and the two constraints that slide it.
    private struct Shown {
        let card: BannerCard
        let window: BannerWindow
        /// Active while shown: the card's top below the safe area; its constant follows the finger.
        let onScreen: NSLayoutConstraint
        /// Active while hidden: the card's bottom at the window's top.
        let offScreen: NSLayoutConstraint
    }

    init(style: BannerStyle, configuration: BannerQueue.Configuration, logger: any HeraldLogger) {
        self.style = style
        self.duration = configuration.animationDuration
        self.swipeRule = configuration.swipeRule
        self.logger = logger
    }

    // MARK: BannerPresenter

    public func show(_ item: BannerItem) {
        guard let scene = windowScene() else {
            return logger.log(.info, "herald: no foreground scene to show banner \(item.id) in")
        }
        let window = window(for: scene)
        let card = BannerCard(content: makeContent(item), style: style, swipeRule: swipeRule) { [weak self] gesture in
            self?.handle(gesture)
        }
        card.show(item, style: style)
        let shown = place(card, in: window)
        current = shown
        window.isHidden = false
        window.host.view.layoutIfNeeded()
        shown.offScreen.isActive = false
        shown.onScreen.isActive = true
        animate { window.host.view.layoutIfNeeded() }
        UIAccessibility.post(notification: .announcement, argument: card.accessibilityLabel)
        if style.haptics { playHaptic(on: card) }
    }

    public func update(_ item: BannerItem) {
        guard let current else { return }
        current.card.show(item, style: style)
        UIAccessibility.post(notification: .announcement, argument: current.card.accessibilityLabel)
    }

    public func hide(_ item: BannerItem, reason: BannerHideReason) {
        guard let leaving = current else { return }
        current = nil
        leaving.onScreen.isActive = false
        leaving.offScreen.isActive = true
        animate({ leaving.window.host.view.layoutIfNeeded() }) { [weak self] in
            leaving.card.removeFromSuperview()
            // The next banner may already be sliding into the same window.
            if self?.current?.window !== leaving.window { leaving.window.isHidden = true }
        }
    }

    /// The foreground-active window scene, if any.
    public static func foregroundActiveScene() -> UIWindowScene? {
        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first { $0.activationState == .foregroundActive }
    }

    // MARK: Touches, reported to the runtime

    private func handle(_ gesture: BannerCard.Gesture) {
        switch gesture {
        case .touchDown: runtime?.bannerTouchDown()
        case .moved(let offset): follow(offset)
        case .tap: runtime?.bannerTapped()
        case .pan(let translation, let velocity, let height):
            runtime?.bannerSwiped(translationY: translation, velocityY: velocity, height: height)
            settle()
        case .cancelled:
            runtime?.bannerTouchUp()
            settle()
        case .dismiss: runtime?.dismissBanner()
        }
    }

    /// Moves the card with the finger (rubber-banded downward by the core's rule).
    private func follow(_ offset: CGFloat) {
        guard let current else { return }
        current.onScreen.constant = style.margin + offset
        current.window.host.view.layoutIfNeeded()
    }

    /// Springs a card the finger let go of back into place, unless it is leaving.
    private func settle() {
        guard let current else { return }
        current.onScreen.constant = style.margin
        animate { current.window.host.view.layoutIfNeeded() }
    }

    // MARK: Layout

    private func window(for scene: UIWindowScene) -> BannerWindow {
        windows.removeAll { $0.windowScene == nil }
        if let window = windows.first(where: { $0.windowScene === scene }) { return window }
        let window = BannerWindow(windowScene: scene)
        windows.append(window)
        return window
    }

    /// Adds `card` to `window` above its top edge and returns the constraints that slide it.
    private func place(_ card: BannerCard, in window: BannerWindow) -> Shown {
        let root: UIView = window.host.view
        let safe = root.safeAreaLayoutGuide
        card.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(card)
        let fill = card.widthAnchor.constraint(equalTo: safe.widthAnchor, constant: -2 * style.margin)
        fill.priority = .defaultHigh
        NSLayoutConstraint.activate([
            card.centerXAnchor.constraint(equalTo: safe.centerXAnchor),
            card.widthAnchor.constraint(lessThanOrEqualTo: safe.widthAnchor, constant: -2 * style.margin),
            card.widthAnchor.constraint(lessThanOrEqualToConstant: style.maxWidth),
            fill,
        ])
        let offScreen = card.bottomAnchor.constraint(equalTo: root.topAnchor)
        offScreen.isActive = true
        return Shown(
            card: card, window: window, onScreen: card.topAnchor.constraint(equalTo: safe.topAnchor, constant: style.margin),
            offScreen: offScreen)
    }

    /// Runs `changes` in the banner's spring animation, as long as the queue's animation.
    private func animate(_ changes: @escaping @MainActor () -> Void, completion: (@MainActor () -> Void)? = nil) {
        UIView.animate(
            withDuration: duration, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 0,
            options: [.allowUserInteraction, .beginFromCurrentState], animations: { changes() },
            completion: { _ in completion?() })
    }

    private func playHaptic(on view: UIView) {
        if #available(iOS 17.5, *) {
            UIImpactFeedbackGenerator(style: .light, view: view).impactOccurred()
        } else {
            UIImpactFeedbackGenerator(style: .light).impactOccurred()
        }
    }
}
#endif
