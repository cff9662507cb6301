// TEST-ONLY declaration stub of Apple's UIKit for `make check-apple` on Linux.
// Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
//
// Linux: CGFloat, CGPoint, CGSize, CGRect, NSObject and NSCoder come from Foundation,
// which UIKit re-exports; they are not redeclared here.
@_exported import Foundation
import UserNotifications

@usableFromInline func stub() -> Never { fatalError("AppleStubs: declaration only") }

// Linux: Darwin Foundation API that swift-corelibs-foundation lacks. A stub module cannot be
// named Foundation (Linux has the real one), so it is declared here, where the Apple files
// that use it see it through `import UIKit`, as UIKit re-exports Foundation.
extension FileManager {
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { stub() }  // Apple: UIKit FileManager.containerURL(forSecurityApplicationGroupIdentifier:), iOS 7.0
}

@MainActor
open class UIResponder: NSObject {  // Apple: UIKit UIResponder, iOS 2.0, @MainActor
    public override init() { super.init() }  // Apple: UIKit UIResponder.init(), iOS 2.0
}

// MARK: Application

@MainActor
open class UIApplication: UIResponder {  // Apple: UIKit UIApplication, iOS 2.0, @MainActor
    @available(iOSApplicationExtension, unavailable)
    open class var shared: UIApplication { stub() }  // Apple: UIKit UIApplication.shared, iOS 2.0, not in app extensions
    open var applicationState: UIApplication.State { stub() }  // Apple: UIKit UIApplication.applicationState, iOS 4.0
    open var connectedScenes: Set<UIScene> { stub() }  // Apple: UIKit UIApplication.connectedScenes, iOS 13.0
    /// `unowned(unsafe)` in UIKit.
    open var delegate: (any UIApplicationDelegate)? { get { stub() } set { stub() } }  // Apple: UIKit UIApplication.delegate, iOS 2.0
    @available(iOSApplicationExtension, unavailable)
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {  // Apple: UIKit UIApplication.open(_:options:completionHandler:), iOS 10.0, not in app extensions
        stub()
    }
    @available(iOS, introduced: 2.0, deprecated: 17.0, message: "Use -[UNUserNotificationCenter setBadgeCount:withCompletionHandler:] instead.")
    open var applicationIconBadgeNumber: Int { get { stub() } set { stub() } }  // Apple: UIKit UIApplication.applicationIconBadgeNumber, iOS 2.0
    open func registerForRemoteNotifications() { stub() }  // Apple: UIKit UIApplication.registerForRemoteNotifications(), iOS 8.0

    public enum State: Int, Sendable {  // Apple: UIKit UIApplication.State, iOS 4.0
        case active, inactive, background  // Apple: UIKit UIApplication.State cases active, inactive, background, iOS 4.0
    }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {  // Apple: UIKit UIApplication.OpenExternalURLOptionsKey, iOS 10.0
        public let rawValue: String  // Apple: UIKit UIApplication.OpenExternalURLOptionsKey.rawValue, iOS 10.0
        public init(rawValue: String) { self.rawValue = rawValue }  // Apple: UIKit UIApplication.OpenExternalURLOptionsKey.init(rawValue:), iOS 10.0
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")  // Apple: UIKit UIApplication.OpenExternalURLOptionsKey.universalLinksOnly, iOS 10.0
    }

    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {  // Apple: UIKit UIApplication.LaunchOptionsKey, iOS 2.0
        public let rawValue: String  // Apple: UIKit UIApplication.LaunchOptionsKey.rawValue, iOS 2.0
        public init(rawValue: String) { self.rawValue = rawValue }  // Apple: UIKit UIApplication.LaunchOptionsKey.init(rawValue:), iOS 2.0
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")  // Apple: UIKit UIApplication.LaunchOptionsKey.remoteNotification, iOS 3.0
    }

    public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")  // Apple: UIKit UIApplication.didBecomeActiveNotification, iOS 2.0
    public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")  // Apple: UIKit UIApplication.willResignActiveNotification, iOS 2.0
    public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")  // Apple: UIKit UIApplication.didEnterBackgroundNotification, iOS 4.0
    public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")  // Apple: UIKit UIApplication.willEnterForegroundNotification, iOS 4.0
}

@available(iOS 7.0, *)
public enum UIBackgroundFetchResult: UInt, Sendable {  // Apple: UIKit UIBackgroundFetchResult, iOS 7.0
    case newData, noData, failed  // Apple: UIKit UIBackgroundFetchResult cases newData, noData, failed, iOS 7.0
}

/// Linux: optional requirements have default implementations.
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {  // Apple: UIKit UIApplicationDelegate, iOS 2.0, @MainActor
    func application(  // Apple: UIKit UIApplicationDelegate.application(_:didFinishLaunchingWithOptions:), iOS 3.0
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)  // Apple: UIKit UIApplicationDelegate.application(_:didRegisterForRemoteNotificationsWithDeviceToken:), iOS 3.0
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)  // Apple: UIKit UIApplicationDelegate.application(_:didFailToRegisterForRemoteNotificationsWithError:), iOS 3.0
    func application(  // Apple: UIKit UIApplicationDelegate.application(_:didReceiveRemoteNotification:fetchCompletionHandler:), iOS 7.0
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    func application(  // Apple: UIKit UIApplicationDelegate.application(_:didReceiveRemoteNotification:), iOS 7.0, the async variant
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult
    func application(  // Apple: UIKit UIApplicationDelegate.application(_:configurationForConnecting:options:), iOS 13.0
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration
}

extension UIApplicationDelegate {
    public func application(  // Linux: the default of an optional requirement (Apple: UIKit UIApplicationDelegate.application(_:didFinishLaunchingWithOptions:), iOS 3.0)
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}  // Linux: the default of an optional requirement (Apple: UIKit UIApplicationDelegate.application(_:didRegisterForRemoteNotificationsWithDeviceToken:), iOS 3.0)
    public func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}  // Linux: the default of an optional requirement (Apple: UIKit UIApplicationDelegate.application(_:didFailToRegisterForRemoteNotificationsWithError:), iOS 3.0)
    public func application(  // Linux: the default of an optional requirement (Apple: UIKit UIApplicationDelegate.application(_:didReceiveRemoteNotification:fetchCompletionHandler:), iOS 7.0)
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) { completionHandler(.noData) }
    public func application(  // Linux: the default of an optional requirement (Apple: UIKit UIApplicationDelegate.application(_:didReceiveRemoteNotification:), iOS 7.0)
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult { .noData }
    public func application(  // Linux: the default of an optional requirement (Apple: UIKit UIApplicationDelegate.application(_:configurationForConnecting:options:), iOS 13.0)
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration { stub() }

    /// The app's entry point for `@main`.
    @MainActor @preconcurrency public static func main() { stub() }  // Apple: UIKit UIApplicationDelegate.main(), iOS 2.0
}

// MARK: Scenes

@available(iOS 13.0, *)
@MainActor
open class UIScene: UIResponder {  // Apple: UIKit UIScene, iOS 13.0, @MainActor
    open var activationState: UIScene.ActivationState { stub() }  // Apple: UIKit UIScene.activationState, iOS 13.0
    open var session: UISceneSession { stub() }  // Apple: UIKit UIScene.session, iOS 13.0

    public enum ActivationState: Int, Sendable {  // Apple: UIKit UIScene.ActivationState, iOS 13.0
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2  // Apple: UIKit UIScene.ActivationState cases unattached, foregroundActive, foregroundInactive, background, iOS 13.0
    }

    @MainActor
    open class ConnectionOptions: NSObject {  // Apple: UIKit UIScene.ConnectionOptions, iOS 13.0, @MainActor
        open var notificationResponse: UNNotificationResponse? { stub() }  // Apple: UIKit UIScene.ConnectionOptions.notificationResponse, iOS 13.0
    }
}

@available(iOS 13.0, *)
@MainActor
open class UIWindowScene: UIScene {  // Apple: UIKit UIWindowScene, iOS 13.0, @MainActor
    open var windows: [UIWindow] { stub() }  // Apple: UIKit UIWindowScene.windows, iOS 13.0
    @available(iOS 15.0, *) open var keyWindow: UIWindow? { stub() }  // Apple: UIKit UIWindowScene.keyWindow, iOS 15.0
}

@available(iOS 13.0, *)
@MainActor
open class UISceneSession: NSObject {  // Apple: UIKit UISceneSession, iOS 13.0, @MainActor
    open var role: UISceneSession.Role { stub() }  // Apple: UIKit UISceneSession.role, iOS 13.0

    public struct Role: Hashable, RawRepresentable, Sendable {  // Apple: UIKit UISceneSession.Role, iOS 13.0
        public let rawValue: String  // Apple: UIKit UISceneSession.Role.rawValue, iOS 13.0
        public init(rawValue: String) { self.rawValue = rawValue }  // Apple: UIKit UISceneSession.Role.init(rawValue:), iOS 13.0
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")  // Apple: UIKit UISceneSession.Role.windowApplication, iOS 13.0
    }
}

@available(iOS 13.0, *)
@MainActor
open class UISceneConfiguration: NSObject {  // Apple: UIKit UISceneConfiguration, iOS 13.0, @MainActor
    public init(name: String?, sessionRole: UISceneSession.Role) { super.init() }  // Apple: UIKit UISceneConfiguration.init(name:sessionRole:), iOS 13.0
}

/// Linux: optional requirements have default implementations.
@available(iOS 13.0, *)
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {  // Apple: UIKit UISceneDelegate, iOS 13.0, @MainActor
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)  // Apple: UIKit UISceneDelegate.scene(_:willConnectTo:options:), iOS 13.0
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}  // Linux: the default of an optional requirement (Apple: UIKit UISceneDelegate.scene(_:willConnectTo:options:), iOS 13.0)
}

/// Linux: the optional `window` requirement is declared settable, as apps implement it.
@available(iOS 13.0, *)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {  // Apple: UIKit UIWindowSceneDelegate, iOS 13.0, @MainActor
    var window: UIWindow? { get set }  // Apple: UIKit UIWindowSceneDelegate.window, iOS 13.0
}
