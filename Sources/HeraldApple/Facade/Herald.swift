#if canImport(UIKit)
import HeraldCore
import UIKit
import UserNotifications

/// Herald in an iOS app: the runtime with its UIKit banner, confirm alert, local
/// notifications, badge and the app's navigator, and one method per platform
/// callback. Everything it decides, `HeraldRuntime` decides; this type only turns
/// UIKit and UserNotifications calls into runtime calls.
///
/// ```swift
/// func application(_ application: UIApplication,
///                  didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///     herald = try? Herald(configuration: config, navigator: navigator)
///     herald?.start(launchOptions: options)   // sets the notification delegate now
///     return true
/// }
/// ```
///
/// No swizzling: the app delegate forwards the device token (and, if it uses them,
/// silent pushes); an app that owns the `UNUserNotificationCenter` delegate forwards
/// its two methods to `notificationDelegate`.
@MainActor
public final class Herald {
    /// The core runtime: presentation hook, login state, events.
    public let runtime: HeraldRuntime
    /// The in-app banner: its style and content views.
    public let banner: UIKitBanner
    /// The confirm alert ("show it?").
    public let alert: UIKitAlertPresenter
    /// The `UNUserNotificationCenter` delegate Herald installs, or the one an app that
    /// owns the delegate forwards to.
    public let notificationDelegate: HeraldNotificationDelegate
    /// Where the device token goes: Herald's gateway, a provider or the app's backend.
    public var registrar: (any DeviceRegistrar)?
    /// The latest device token iOS handed over, if any.
    public private(set) var deviceToken: DeviceToken?
    public let options: Options

    let center: UNUserNotificationCenter
    private let badge: BadgeSetter
    let logger: any HeraldLogger
    private var lifecycle: AppLifecycleObserver?
    private var badgeTask: Task<Void, Never>?
    /// The gateway's inbox, made at its first use (`Options.serverInbox`).
    var serverInbox: GatewayInbox?

    /// Builds the runtime and its UIKit ports; routes are validated here.
    ///
    /// - Parameters:
    ///   - navigator: `UIKitNavigator` for a tab bar, `SwiftUINavigator` for navigation paths, or the app's own.
    ///   - notificationDelegate: pass the one an app that owns the delegate keeps in a `nonisolated let`.
    ///   - logger: warnings and errors go to standard error (the Xcode console) unless the app gives its own.
    ///   - clock: every timer of the runtime and the receipts sender (banner, hook timeout, retries).
    public init(
        configuration: RuntimeConfiguration, navigator: any Navigator, options: Options = Options(),
        notificationDelegate: HeraldNotificationDelegate = HeraldNotificationDelegate(),
        logger: any HeraldLogger = StandardErrorLogger(), clock: any HeraldClock = LiveClock()
    ) throws(RouterError) {
        let center = UNUserNotificationCenter.current()
        let banner = UIKitBanner(style: options.bannerStyle, configuration: configuration.banner, logger: logger)
        let alert = UIKitAlertPresenter(logger: logger)
        let ports = RuntimePorts(
            banner: banner, alert: alert, system: LocalNotifier(center: center, logger: logger), navigator: navigator,
            logger: logger, localizer: options.localizer)
        runtime = try HeraldRuntime(configuration: configuration, ports: ports, clock: clock)
        runtime.receipts = Self.receiptRecorder(options, clock: clock, logger: logger)
        self.banner = banner
        self.alert = alert
        self.notificationDelegate = notificationDelegate
        self.options = options
        self.center = center
        self.badge = BadgeSetter(center: center, logger: logger)
        self.logger = logger
        banner.runtime = runtime
        notificationDelegate.herald = self
    }

    /// Call once from `application(_:didFinishLaunchingWithOptions:)`, before it returns:
    /// sets the notification delegate (so a cold-start tap is never lost), registers the
    /// categories, asks for authorization, registers for remote notifications, sends the
    /// receipts a previous run left, and hands the launch notification, if any, to the runtime.
    public func start(launchOptions: [UIApplication.LaunchOptionsKey: Any]?) {
        if options.setsDelegate { center.delegate = notificationDelegate }
        center.setNotificationCategories(options.categories)
        center.requestAuthorization(options: options.authorization, completionHandler: Self.authorizationResult(logger))
        UIApplication.shared.registerForRemoteNotifications()
        lifecycle = AppLifecycleObserver { [weak self] state in
            self?.runtime.setState(state)
            guard state == .active, let self else { return }
            registrar?.appBecameActive()
            if options.serverInbox { Task { await self.syncInbox() } }
        }
        observeBadge()
        runtime.receipts?.sender?.flush()  // what a previous run left in the outbox
        runtime.launch(with: (launchOptions?[.remoteNotification]).map(JSONValue.init(foundation:)))
        runtime.setState(AppState(UIApplication.shared.applicationState))
    }

    /// A scene-based app: call from `scene(_:willConnectTo:options:)`. A tap that
    /// launched the app arrives here; its route builds the tab's stack at `uiReady()`.
    public func connect(_ connectionOptions: UIScene.ConnectionOptions) {
        guard let response = connectionOptions.notificationResponse else { return }
        runtime.launch(with: JSONValue(foundation: response.notification.request.content.userInfo))
    }

    /// The UI can navigate (the root view controller exists): held routes run now.
    public func uiReady() { runtime.uiReady() }

    /// A user logged in: a route waiting for login runs now.
    public func login() { runtime.login() }

    /// The user logged out: a route waiting for login is dropped.
    public func logout() { runtime.logout() }

    /// Sets the badge to zero; the app and its extensions agree on it.
    public func clearBadge() { runtime.clearBadge() }

    /// Every runtime event from now on (receipts, badge, navigation, app events).
    public func events() -> AsyncStream<RuntimeEvent> { runtime.events() }

    /// The app events from now on, as the app's own type: an enum whose `String` raw values
    /// name the rules of `RuntimeConfiguration.events` (`AppEvent`).
    public func appEvents<Kind: RawRepresentable & Sendable>(as kind: Kind.Type = Kind.self) -> AsyncStream<AppEvent<Kind>>
    where Kind.RawValue == String {
        runtime.appEvents(as: kind)
    }

    // MARK: App delegate forwarding

    /// Forward `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    public func didRegisterForRemoteNotifications(deviceToken data: Data) {
        let token = DeviceToken(data: data)
        deviceToken = token
        registrar?.register(token)
    }

    /// Forward `application(_:didFailToRegisterForRemoteNotificationsWithError:)`.
    public func didFailToRegisterForRemoteNotifications(error: any Error) {
        logger.log(.warning, "herald: remote notification registration failed: \(error)")
        registrar?.registrationFailed(error)
    }

    /// Forward `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`
    /// (a content-available push); call the fetch completion handler after your own work.
    public func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any]) {
        runtime.didReceiveSilent(JSONValue(foundation: userInfo))
    }

    // MARK: From the notification delegate, on the main actor

    func willPresent(
        _ payload: JSONValue, source: NotificationSource,
        completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        runtime.willPresent(payload, source: source) { options in completionHandler(UNNotificationPresentationOptions(options)) }
    }

    func didReceive(_ payload: JSONValue, action: String, text: String?, completionHandler: @escaping @Sendable () -> Void) {
        runtime.didReceiveResponse(payload, action: action, text: text)
        completionHandler()
        if options.serverInbox { Task { await syncInbox() } }  // a tap read the message: send it
    }

    private func observeBadge() {
        let events = runtime.events()
        badgeTask = Task { [weak self] in
            for await case .badge(let count) in events { self?.badge.set(count) }
        }
    }

    /// Built outside the main actor: iOS calls it on a background queue.
    nonisolated private static func authorizationResult(_ logger: any HeraldLogger) -> @Sendable (Bool, (any Error)?) -> Void {
        { granted, error in
            logger.log(granted ? .info : .warning, "herald: notification authorization \(granted ? "granted" : "denied")\(error.map { ": \($0)" } ?? "")")
        }
    }
}
#endif
