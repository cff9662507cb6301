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
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { stub() }
}

@MainActor
open class UIResponder: NSObject {
    public override init() { super.init() }
}

// MARK: Application

@MainActor
open class UIApplication: UIResponder {
    open class var shared: UIApplication { stub() }
    open var applicationState: UIApplication.State { stub() }
    open var connectedScenes: Set<UIScene> { stub() }
    /// `unowned(unsafe)` in UIKit.
    open var delegate: (any UIApplicationDelegate)? { get { stub() } set { stub() } }
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil) {
        stub()
    }
    @available(iOS, introduced: 2.0, deprecated: 17.0, message: "Use -[UNUserNotificationCenter setBadgeCount:withCompletionHandler:] instead.")
    open var applicationIconBadgeNumber: Int { get { stub() } set { stub() } }
    open func registerForRemoteNotifications() { stub() }

    public enum State: Int, Sendable {
        case active, inactive, background
    }

    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
    }

    public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
}

@available(iOS 4.0, *)
public enum UIBackgroundFetchResult: UInt, Sendable {
    case newData, noData, failed
}

/// Linux: optional requirements have default implementations.
@MainActor
public protocol UIApplicationDelegate: NSObjectProtocol {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration
}

extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }
    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
    public func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) { completionHandler(.noData) }
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration { stub() }

    /// The app's entry point for `@main`.
    @MainActor @preconcurrency public static func main() { stub() }
}

// MARK: Scenes

@available(iOS 13.0, *)
@MainActor
open class UIScene: UIResponder {
    open var activationState: UIScene.ActivationState { stub() }
    open var session: UISceneSession { stub() }

    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
    }

    @MainActor
    open class ConnectionOptions: NSObject {
        open var notificationResponse: UNNotificationResponse? { stub() }
    }
}

@available(iOS 13.0, *)
@MainActor
open class UIWindowScene: UIScene {
    open var windows: [UIWindow] { stub() }
    @available(iOS 15.0, *) open var keyWindow: UIWindow? { stub() }
}

@available(iOS 13.0, *)
@MainActor
open class UISceneSession: NSObject {
    open var role: UISceneSession.Role { stub() }

    public struct Role: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }
}

@available(iOS 13.0, *)
@MainActor
open class UISceneConfiguration: NSObject {
    public init(name: String?, sessionRole: UISceneSession.Role) { super.init() }
}

/// Linux: optional requirements have default implementations.
@available(iOS 13.0, *)
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
}

/// Linux: the optional `window` requirement is declared settable, as apps implement it.
@available(iOS 13.0, *)
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}
