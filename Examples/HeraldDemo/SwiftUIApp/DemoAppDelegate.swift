import HeraldApple
import HeraldCore
import UIKit
import UserNotifications

/// Creates Herald with the SwiftUI navigator and starts it at launch. This app owns the
/// notification delegate itself (as apps with another push SDK do) and forwards both
/// methods to Herald's with one call each; no swizzling.
final class DemoAppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    let navigator = SwiftUINavigator(tabs: DemoTabs.tabs)
    nonisolated let heraldDelegate = HeraldNotificationDelegate()
    let herald: Herald

    override init() {
        do {
            herald = try Herald(
                configuration: DemoTabs.configuration, navigator: navigator, options: Herald.Options(setsDelegate: false),
                notificationDelegate: heraldDelegate)
        } catch {
            fatalError("the demo's routes are invalid: \(error)")
        }
        super.init()
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        herald.start(launchOptions: launchOptions)
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        herald.didRegisterForRemoteNotifications(deviceToken: deviceToken)
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        heraldDelegate.userNotificationCenter(center, willPresent: notification, withCompletionHandler: completionHandler)
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        heraldDelegate.userNotificationCenter(center, didReceive: response, withCompletionHandler: completionHandler)
    }
}
