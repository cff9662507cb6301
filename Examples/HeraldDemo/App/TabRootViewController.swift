import HeraldApple
import HeraldCore
import UIKit

/// A tab's root: a button that sends the app a push in-process, to see the banner,
/// its swipe and tap, and the route without a server.
final class TabRootViewController: UIViewController {
    private let tab: String
    private weak var herald: Herald?

    init(tab: String, herald: Herald?) {
        self.tab = tab
        self.herald = herald
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Show a banner for order 42") { [weak self] _ in
            self?.receiveSamplePush()
        })
        button.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(button)
        NSLayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            button.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }

    /// What `userNotificationCenter(_:willPresent:...)` would hand over for a real push.
    private func receiveSamplePush() {
        let payload: JSONValue = [
            "aps": ["alert": ["title": "Order shipped", "body": "Order 42 is on its way and arrives tomorrow."], "thread-id": "orders"],
            "id": .string("demo-\(Int(Date().timeIntervalSince1970))"), "link": "herald-demo://orders/42",
        ]
        herald?.runtime.willPresent(payload, source: .remote)
    }
}
