#if canImport(UIKit)
import HeraldCore
import UIKit

/// The confirm alert: "show it?" with the notification's title and body, on
/// top of whatever the active scene shows. The answer goes back to the runtime, which
/// opens the notification or not.
@MainActor
public final class UIKitAlertPresenter: AlertPresenter {
    /// The button that opens the notification.
    public var showTitle = "Show"
    /// The button that dismisses it.
    public var cancelTitle = "Cancel"
    /// The scene to present in: the foreground-active one by default.
    public var windowScene: @MainActor () -> UIWindowScene? = UIKitBanner.foregroundActiveScene
    private let logger: any HeraldLogger

    init(logger: any HeraldLogger) {
        self.logger = logger
    }

    public func confirm(_ notification: PushNotification, answer: @escaping @MainActor (Bool) -> Void) {
        guard let presenter = topViewController() else {
            logger.log(.warning, "herald: no view controller to ask about \(notification.id ?? "a notification") in; not shown")
            return answer(false)
        }
        let alert = UIAlertController(
            title: notification.content.title, message: notification.content.body, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: cancelTitle, style: .cancel) { _ in answer(false) })
        alert.addAction(UIAlertAction(title: showTitle, style: .default) { _ in answer(true) })
        presenter.present(alert, animated: true)
    }

    /// The view controller on top in the scene's key window.
    private func topViewController() -> UIViewController? {
        var top = windowScene()?.keyWindow?.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }
}
#endif
