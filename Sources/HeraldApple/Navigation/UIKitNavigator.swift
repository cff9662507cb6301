#if canImport(UIKit)
import HeraldCore
import UIKit

/// Applies the core's navigation commands to a tab bar controller whose tabs are
/// navigation controllers, and reports where the user is. `NavigationDecider` chose
/// the commands; each one here is one UIKit call.
///
/// ```swift
/// let navigator = UIKitNavigator(tabs: ["home", "inbox", "me"]) { screen in
///     switch screen.name {
///     case "Detail": DetailViewController(id: screen.params["id"])
///     case Screen.web: WebViewController(url: screen.params["url"], title: screen.params["title"])
///     default: nil
///     }
/// }
/// navigator.attach(tabBarController)   // when the UI exists, then herald.uiReady()
/// ```
@MainActor
public final class UIKitNavigator: Navigator {
    /// The tab names, in the order of the tab bar's view controllers.
    public let tabs: [String]
    /// Makes the view controller for a screen (`Screen.web` for web pages); `nil` skips it.
    public var makeScreen: @MainActor (Screen) -> UIViewController?
    /// Whether pushed screens hide the tab bar.
    public var hidesBottomBarWhenPushed = true
    /// Whether pushes and presentations animate.
    public var animated = true
    public private(set) weak var tabBarController: UITabBarController?

    public init(tabs: [String], makeScreen: @escaping @MainActor (Screen) -> UIViewController?) {
        self.tabs = tabs
        self.makeScreen = makeScreen
    }

    /// The tab bar to drive; its view controllers are `tabs`' navigation controllers, in order.
    public func attach(_ tabBarController: UITabBarController) {
        self.tabBarController = tabBarController
    }

    // MARK: Navigator

    public var state: NavigationState {
        var stacks: [String: [Screen]] = [:]
        for (index, tab) in tabs.enumerated() {
            stacks[tab] = navigationController(at: index)?.viewControllers.dropFirst().map(Self.screen(of:)) ?? []
        }
        let presented = tabBarController?.presentedViewController.map(Self.screen(of:))
        return NavigationState(tabs: tabs, selectedTab: selectedTab, stacks: stacks, presented: presented)
    }

    public func apply(_ command: NavigationCommand) {
        switch command {
        case .selectTab(let tab):
            select(tab)
        case .popToRoot(let tab):
            navigationController(for: tab)?.popToRootViewController(animated: false)
        case .push(let screen, let tab):
            push(screen, on: navigationController(for: tab))
        case .refresh(let screen):
            (visibleController as? RefreshableScreen)?.refresh(with: screen)
        case .present(let screen):
            tabBarController?.dismiss(animated: false)
            guard let controller = makeScreen(screen) else { return }
            tabBarController?.present(controller, animated: animated)
        case .openWeb(let url, let title):
            push(.webPage(url: url, title: title), on: selectedTab.flatMap(navigationController(for:)))
        case .stack(let tab, let screens):
            select(tab)
            guard let navigation = navigationController(for: tab), let root = navigation.viewControllers.first else { return }
            let pushed = screens.compactMap(controller(for:))
            navigation.setViewControllers([root] + pushed, animated: false)
        }
    }

    // MARK: UIKit

    private var selectedTab: String? {
        tabBarController.flatMap { tabs.indices.contains($0.selectedIndex) ? tabs[$0.selectedIndex] : nil }
    }

    private var visibleController: UIViewController? {
        tabBarController?.presentedViewController
            ?? (tabBarController?.selectedViewController as? UINavigationController)?.topViewController
    }

    /// Shows `tab`, closing anything presented over the tab bar.
    private func select(_ tab: String) {
        tabBarController?.dismiss(animated: false)
        guard let index = tabs.firstIndex(of: tab) else { return }
        tabBarController?.selectedIndex = index
    }

    private func push(_ screen: Screen, on navigation: UINavigationController?) {
        guard let navigation, let controller = controller(for: screen) else { return }
        navigation.pushViewController(controller, animated: animated)
    }

    private func controller(for screen: Screen) -> UIViewController? {
        let controller = makeScreen(screen)
        controller?.hidesBottomBarWhenPushed = hidesBottomBarWhenPushed
        return controller
    }

    private func navigationController(for tab: String) -> UINavigationController? {
        tabs.firstIndex(of: tab).flatMap(navigationController(at:))
    }

    private func navigationController(at index: Int) -> UINavigationController? {
        guard let controllers = tabBarController?.viewControllers, controllers.indices.contains(index) else { return nil }
        return controllers[index] as? UINavigationController
    }

    private static func screen(of controller: UIViewController) -> Screen {
        let shown = (controller as? UINavigationController)?.viewControllers.first ?? controller
        return (shown as? HeraldScreen)?.heraldScreen ?? Screen(String(describing: type(of: shown)))
    }
}
#endif
