import UIKit
import UserNotifications
import UserNotificationsUI

// PLACEHOLDER (issue 6, item 4, deferred until the categories and actions model is merged).
// The lead replaces the body with Herald's content-extension helper, which maps the
// category's actions (open, not interested, like, save, comment) to the core's action
// model and answers `didReceive(_:completionHandler:)` from it. Until then it shows the
// notification's title and body, so the target builds and runs.

/// The demo's Notification Content Extension for the `order` category (placeholder).
final class NotificationViewController: UIViewController, UNNotificationContentExtension {
    private let label = UILabel()

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
        let content = notification.request.content
        label.text = [content.title, content.body].filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
