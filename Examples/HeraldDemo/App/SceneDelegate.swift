import HeraldApple
import HeraldCore
import UIKit

/// Builds the tab bar, hands it to the navigator, and tells Herald the UI is ready:
/// a tap that launched the app is routed now, with no delay.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene, let app = UIApplication.shared.delegate as? AppDelegate else { return }
        let tabs = UITabBarController()
        tabs.viewControllers = DemoConfiguration.tabs.map { DemoScreens.root(for: $0, herald: app.herald) }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        self.window = window
        app.navigator.attach(tabs)
        app.herald?.connect(connectionOptions)
        app.herald?.uiReady()
    }
}
