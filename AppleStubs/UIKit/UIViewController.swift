// TEST-ONLY declaration stub of Apple's UIKit (view controllers) for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
import Foundation

public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0, lightContent = 1, darkContent = 3
}

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }
    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    open var view: UIView! { get { stub() } set { stub() } }
    open var title: String? { get { stub() } set { stub() } }
    open var presentedViewController: UIViewController? { stub() }
    open var navigationController: UINavigationController? { stub() }
    open var hidesBottomBarWhenPushed: Bool { get { stub() } set { stub() } }
    open var preferredStatusBarStyle: UIStatusBarStyle { stub() }
    open var prefersStatusBarHidden: Bool { stub() }

    open func loadView() { stub() }
    open func viewDidLoad() { stub() }
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) { stub() }
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { stub() }
}

@MainActor
open class UINavigationController: UIViewController {
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var viewControllers: [UIViewController] { get { stub() } set { stub() } }
    open var topViewController: UIViewController? { stub() }
    open func pushViewController(_ viewController: UIViewController, animated: Bool) { stub() }
    @discardableResult open func popToRootViewController(animated: Bool) -> [UIViewController]? { stub() }
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) { stub() }
}

@MainActor
open class UITabBarController: UIViewController {
    open var viewControllers: [UIViewController]? { get { stub() } set { stub() } }
    open var selectedIndex: Int { get { stub() } set { stub() } }
    open var selectedViewController: UIViewController? { get { stub() } set { stub() } }
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) { stub() }
}

@MainActor
open class UITabBarItem: NSObject {
    public init(title: String?, image: UIImage?, tag: Int) { super.init() }
}

extension UIViewController {
    public var tabBarItem: UITabBarItem! { get { stub() } set { stub() } }
}

@MainActor
open class UIAlertController: UIViewController {
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
    }
    open func addAction(_ action: UIAlertAction) { stub() }

    public enum Style: Int, Sendable {
        case actionSheet, alert
    }
}

@MainActor
open class UIAlertAction: NSObject {
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) { stub() }

    public enum Style: Int, Sendable {
        case `default`, cancel, destructive
    }
}
