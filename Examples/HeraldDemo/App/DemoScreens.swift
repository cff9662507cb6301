import HeraldApple
import HeraldCore
import SwiftUI
import UIKit

/// The demo's screens, by name: what `UIKitNavigator` pushes for a route.
@MainActor
enum DemoScreens {
    static func make(_ screen: Screen) -> UIViewController? {
        switch screen.name {
        case "Order": return OrderViewController(screen: screen)
        case "Profit": return OrderViewController(screen: screen)
        case Screen.web: return WebPageViewController(screen: screen)
        default: return nil
        }
    }

    /// The navigation controller at the root of `tab`.
    static func root(for tab: String, herald: Herald?) -> UIViewController {
        let root: UIViewController
        switch tab {
        case "me": root = UIHostingController(rootView: MeView(herald: herald))
        default: root = TabRootViewController(tab: tab, herald: herald)
        }
        root.title = tab.capitalized
        let navigation = UINavigationController(rootViewController: root)
        navigation.tabBarItem = UITabBarItem(title: tab.capitalized, image: UIImage(systemName: "circle"), tag: 0)
        return navigation
    }
}
