import HeraldAppleExtensions
import HeraldCore
import UIKit
import UserNotifications
import UserNotificationsUI

/// The demo's Notification Content Extension for the `order` category: shows the body,
/// and answers each action from Herald's action model (post 002's open / not interested /
/// like / save / comment), with no magic delays.
final class NotificationViewController: UIViewController, UNNotificationContentExtension, ContentExtensionView {
    private let label = UILabel()
    private lazy var actions = HeraldContentExtensionActions(model: .post002(), view: self)

    override func viewDidLoad() {
        super.viewDidLoad()
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .body)
        label.adjustsFontForContentSizeCategory = true
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.topAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor),
            label.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            label.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            label.bottomAnchor.constraint(equalTo: view.layoutMarginsGuide.bottomAnchor),
        ])
    }

    func didReceive(_ notification: UNNotification) {
        actions.didReceive(notification)
    }

    // iOS calls it on the main thread.
    nonisolated func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        MainActor.assumeIsolated { actions.didReceive(response, completionHandler: completion) }
    }

    // ContentExtensionView: what the action model asks the screen to do.
    func show(_ text: String) { label.text = text }
    func play(sound: String, finished: @escaping @MainActor () -> Void) { finished() }
    func stopSound() {}
}
