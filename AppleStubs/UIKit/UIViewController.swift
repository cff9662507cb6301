// TEST-ONLY declaration stub of Apple's UIKit (view controllers) for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
import Foundation

public enum UIStatusBarStyle: Int, Sendable {  // Apple: UIKit UIStatusBarStyle, iOS 2.0
    case `default` = 0  // Apple: UIKit UIStatusBarStyle.`default`, iOS 2.0
    case lightContent = 1  // Apple: UIKit UIStatusBarStyle.lightContent, iOS 7.0
    case darkContent = 3  // Apple: UIKit UIStatusBarStyle.darkContent, iOS 13.0
}

@MainActor
open class UIViewController: UIResponder {  // Apple: UIKit UIViewController, iOS 2.0, @MainActor
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }  // Apple: UIKit UIViewController.init(nibName:bundle:), iOS 2.0
    public required init?(coder: NSCoder) { super.init() }  // Apple: UIKit UIViewController.init(coder:), iOS 2.0
    public convenience override init() { self.init(nibName: nil, bundle: nil) }  // Apple: UIKit UIViewController.init(), iOS 2.0

    open var view: UIView! { get { stub() } set { stub() } }  // Apple: UIKit UIViewController.view, iOS 2.0
    open var title: String? { get { stub() } set { stub() } }  // Apple: UIKit UIViewController.title, iOS 2.0
    open var presentedViewController: UIViewController? { stub() }  // Apple: UIKit UIViewController.presentedViewController, iOS 5.0
    open var navigationController: UINavigationController? { stub() }  // Apple: UIKit UIViewController.navigationController, iOS 2.0
    open var hidesBottomBarWhenPushed: Bool { get { stub() } set { stub() } }  // Apple: UIKit UIViewController.hidesBottomBarWhenPushed, iOS 2.0
    open var preferredStatusBarStyle: UIStatusBarStyle { stub() }  // Apple: UIKit UIViewController.preferredStatusBarStyle, iOS 7.0
    open var prefersStatusBarHidden: Bool { stub() }  // Apple: UIKit UIViewController.prefersStatusBarHidden, iOS 7.0

    open func loadView() { stub() }  // Apple: UIKit UIViewController.loadView(), iOS 2.0
    open func viewDidLoad() { stub() }  // Apple: UIKit UIViewController.viewDidLoad(), iOS 2.0
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) { stub() }  // Apple: UIKit UIViewController.present(_:animated:completion:), iOS 5.0
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) { stub() }  // Apple: UIKit UIViewController.dismiss(animated:completion:), iOS 5.0
}

@MainActor
open class UINavigationController: UIViewController {  // Apple: UIKit UINavigationController, iOS 2.0, @MainActor
    public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }  // Apple: UIKit UINavigationController.init(rootViewController:), iOS 2.0
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }  // Apple: UIKit UINavigationController.init(nibName:bundle:), iOS 2.0
    public required init?(coder: NSCoder) { super.init(coder: coder) }  // Apple: UIKit UINavigationController.init(coder:), iOS 2.0

    open var viewControllers: [UIViewController] { get { stub() } set { stub() } }  // Apple: UIKit UINavigationController.viewControllers, iOS 2.0
    open var topViewController: UIViewController? { stub() }  // Apple: UIKit UINavigationController.topViewController, iOS 2.0
    open func pushViewController(_ viewController: UIViewController, animated: Bool) { stub() }  // Apple: UIKit UINavigationController.pushViewController(_:animated:), iOS 2.0
    @discardableResult open func popToRootViewController(animated: Bool) -> [UIViewController]? { stub() }  // Apple: UIKit UINavigationController.popToRootViewController(animated:), iOS 2.0
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) { stub() }  // Apple: UIKit UINavigationController.setViewControllers(_:animated:), iOS 3.0
}

@MainActor
open class UITabBarController: UIViewController {  // Apple: UIKit UITabBarController, iOS 2.0, @MainActor
    open var viewControllers: [UIViewController]? { get { stub() } set { stub() } }  // Apple: UIKit UITabBarController.viewControllers, iOS 2.0
    open var selectedIndex: Int { get { stub() } set { stub() } }  // Apple: UIKit UITabBarController.selectedIndex, iOS 2.0
    open var selectedViewController: UIViewController? { get { stub() } set { stub() } }  // Apple: UIKit UITabBarController.selectedViewController, iOS 2.0
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) { stub() }  // Apple: UIKit UITabBarController.setViewControllers(_:animated:), iOS 2.0
}

@MainActor
open class UITabBarItem: NSObject {  // Apple: UIKit UITabBarItem, iOS 2.0, @MainActor
    public init(title: String?, image: UIImage?, tag: Int) { super.init() }  // Apple: UIKit UITabBarItem.init(title:image:tag:), iOS 2.0
}

extension UIViewController {
    public var tabBarItem: UITabBarItem! { get { stub() } set { stub() } }  // Apple: UIKit UIViewController.tabBarItem, iOS 2.0
}

@MainActor
open class UIAlertController: UIViewController {  // Apple: UIKit UIAlertController, iOS 8.0, @MainActor
    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {  // Apple: UIKit UIAlertController.init(title:message:preferredStyle:), iOS 8.0
        self.init(nibName: nil, bundle: nil)
    }
    open func addAction(_ action: UIAlertAction) { stub() }  // Apple: UIKit UIAlertController.addAction(_:), iOS 8.0

    public enum Style: Int, Sendable {  // Apple: UIKit UIAlertController.Style, iOS 8.0
        case actionSheet, alert  // Apple: UIKit UIAlertController.Style cases actionSheet, alert, iOS 8.0
    }
}

@MainActor
open class UIAlertAction: NSObject {  // Apple: UIKit UIAlertAction, iOS 8.0, @MainActor
    public convenience init(title: String?, style: UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil) { stub() }  // Apple: UIKit UIAlertAction.init(title:style:handler:), iOS 8.0

    public enum Style: Int, Sendable {  // Apple: UIKit UIAlertAction.Style, iOS 8.0
        case `default`, cancel, destructive  // Apple: UIKit UIAlertAction.Style cases default, cancel, destructive, iOS 8.0
    }
}
