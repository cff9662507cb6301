#if canImport(UIKit)
import UIKit

/// A window of one scene, above its status bar, that holds the banner card and lets
/// every touch outside the card through to the app below (it never becomes key, so
/// the keyboard and the app's first responder stay where they are).
@MainActor
final class BannerWindow: UIWindow {
    let host = BannerHostController()

    override init(windowScene: UIWindowScene) {
        super.init(windowScene: windowScene)
        windowLevel = UIWindow.Level(rawValue: UIWindow.Level.statusBar.rawValue + 1)
        backgroundColor = .clear
        rootViewController = host
    }

    required init?(coder: NSCoder) { nil }

    /// Only the card takes touches; the rest of the window is see-through.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let view = super.hitTest(point, with: event)
        return view === self || view === host.view ? nil : view
    }
}

/// The banner window's root: a clear, full-screen view whose safe area gives the
/// card its place below the status bar, notch or Dynamic Island. The status bar keeps
/// the look the app's own window gives it.
@MainActor
final class BannerHostController: UIViewController {
    override func loadView() {
        view = UIView()
        view.backgroundColor = .clear
    }

    private var appRoot: UIViewController? {
        view.window?.windowScene?.keyWindow?.rootViewController
    }

    override var preferredStatusBarStyle: UIStatusBarStyle { appRoot?.preferredStatusBarStyle ?? .default }
    override var prefersStatusBarHidden: Bool { appRoot?.prefersStatusBarHidden ?? false }
}
#endif
