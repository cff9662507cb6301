import HeraldApple
import HeraldCore
import UIKit

/// An order's screen. It refreshes in place when a push for another order arrives
/// while it is visible (the route says `reuse: .refresh`, post 003).
final class OrderViewController: UIViewController, RefreshableScreen {
    private(set) var heraldScreen: Screen
    private let label = UILabel()

    init(screen: Screen) {
        heraldScreen = screen
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .title2)
        label.adjustsFontForContentSizeCategory = true
        label.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(label)
        NSLayoutConstraint.activate([
            label.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            label.centerYAnchor.constraint(equalTo: view.centerYAnchor),
            label.leadingAnchor.constraint(greaterThanOrEqualTo: view.layoutMarginsGuide.leadingAnchor),
        ])
        show()
    }

    func refresh(with screen: Screen) {
        heraldScreen = screen
        show()
    }

    private func show() {
        title = heraldScreen.name
        label.text = "\(heraldScreen.name) \(heraldScreen.params["id"] ?? "")"
    }
}
