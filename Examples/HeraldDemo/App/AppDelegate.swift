import HeraldApple
import HeraldCore
import UIKit

/// The whole integration: create Herald and start it before launch finishes, forward
/// the token and silent pushes. Everything else (delegate, banner, routes, badge) is Herald's.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let navigator = UIKitNavigator(tabs: DemoConfiguration.tabs, makeScreen: DemoScreens.make)
    private(set) var herald: Herald?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        do {
            let herald = try Herald(configuration: DemoConfiguration.runtime, navigator: navigator, options: DemoConfiguration.options)
            // The token goes to Herald's gateway when the build names one, else to the console.
            herald.registrar = DemoConfiguration.gateway() ?? DemoRegistrar()
            herald.start(launchOptions: launchOptions)
            self.herald = herald
        } catch {
            assertionFailure("the demo's routes are invalid: \(error)")
        }
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        herald?.didRegisterForRemoteNotifications(deviceToken: deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        herald?.didFailToRegisterForRemoteNotifications(error: error)
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        // The inbox's background push (another device read a message) syncs before the handler is called.
        guard let herald else { return completionHandler(.noData) }
        Task { completionHandler(await herald.didReceiveBackgroundPush(userInfo)) }
    }
}
