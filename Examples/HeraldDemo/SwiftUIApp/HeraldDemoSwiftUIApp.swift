import HeraldApple
import HeraldCore
import SwiftUI
import UIKit
import UserNotifications

/// The demo as a SwiftUI app: the app delegate adaptor owns Herald (and the notification
/// delegate), `SwiftUINavigator` drives a tab view of navigation stacks, and the banner is
/// a SwiftUI view.
@main
struct HeraldDemoSwiftUIApp: App {
    @UIApplicationDelegateAdaptor(DemoAppDelegate.self) private var delegate

    var body: some Scene {
        WindowGroup {
            DemoTabs(navigator: delegate.navigator)
                .heraldReady(delegate.herald)
                .heraldBanner(delegate.herald) { item in DemoBanner(item: item) }
        }
    }
}

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

/// One navigation stack per tab, bound to the navigator's state; a route's screens land here.
struct DemoTabs: View {
    static let tabs = ["home", "inbox"]
    static var configuration: RuntimeConfiguration {
        RuntimeConfiguration(routes: [
            AppRoute(pattern: "herald-demo://orders/<int:id>", target: RouteTarget(screen: "Order", tab: "home", reuse: .refresh))
        ])
    }

    @ObservedObject var navigator: SwiftUINavigator

    var body: some View {
        TabView(selection: navigator.selectedTab) {
            NavigationStack(path: navigator.path(for: "home")) {
                Text("Home").navigationDestination(for: Screen.self) { screen in Text(screen.description) }
            }
            .tabItem { Text("Home") }
            .tag("home")
            NavigationStack(path: navigator.path(for: "inbox")) {
                Text("Inbox").navigationDestination(for: Screen.self) { screen in Text(screen.description) }
            }
            .tabItem { Text("Inbox") }
            .tag("inbox")
        }
        .sheet(item: navigator.presented) { screen in Text(screen.description) }
    }
}

/// A banner drawn in SwiftUI; Herald's window, touches and timing stay the same.
struct DemoBanner: View {
    let item: BannerItem

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(item.notification.content.title ?? "").bold()
            Text(item.notification.content.body ?? "")
        }
        .padding()
    }
}
