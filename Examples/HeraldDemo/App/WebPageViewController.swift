import HeraldApple
import HeraldCore
import UIKit

/// Post 000's generic web page for links no route knows: the page's title, its address,
/// and a button that opens it in Safari.
final class WebPageViewController: UIViewController, HeraldScreen {
    let heraldScreen: Screen

    init(screen: Screen) {
        heraldScreen = screen
        super.init(nibName: nil, bundle: nil)
        title = screen.params["title"] ?? "Web page"
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let address = heraldScreen.params["url"] ?? ""
        let button = UIButton(type: .system, primaryAction: UIAction(title: address) { _ in
            guard let url = URL(string: address) else { return }
            UIApplication.shared.open(url)
        })
        button.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(button)
        NSLayoutConstraint.activate([
            button.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            button.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}
