/// Shows and hides the in-app banner; the UIKit banner view implements it.
@MainActor
public protocol BannerPresenter: AnyObject {
    func show(_ item: BannerItem)
    func hide(_ item: BannerItem, reason: BannerHideReason)
    /// The content of the banner on screen changed (coalesced by thread).
    func update(_ item: BannerItem)
}

/// Asks the user whether to show a notification (the confirm alert); calls `answer` once.
@MainActor
public protocol AlertPresenter: AnyObject {
    func confirm(_ notification: PushNotification, answer: @escaping @MainActor (_ show: Bool) -> Void)
}

/// The system's notification center: local notifications (a push re-posted as a local one).
@MainActor
public protocol SystemNotifier: AnyObject {
    /// Posts `notification` again as a local notification, now.
    func postLocal(_ notification: PushNotification)
}

/// Applies navigation commands to the app's UI and reports where the user is.
@MainActor
public protocol Navigator: AnyObject {
    var state: NavigationState { get }
    func apply(_ command: NavigationCommand)
}

/// The platform the runtime drives; the Apple adapters supply live ones, tests and
/// `herald simulate` recording ones.
@MainActor
public struct RuntimePorts {
    public var banner: any BannerPresenter
    public var alert: any AlertPresenter
    public var system: any SystemNotifier
    public var navigator: any Navigator
    public var logger: any HeraldLogger
    /// The app's strings, for the alert's localization keys (`loc-key` and the like).
    public var localizer: any Localizer

    public init(
        banner: any BannerPresenter, alert: any AlertPresenter, system: any SystemNotifier, navigator: any Navigator,
        logger: any HeraldLogger = SilentLogger(), localizer: any Localizer = BundleLocalizer()
    ) {
        self.banner = banner
        self.alert = alert
        self.system = system
        self.navigator = navigator
        self.logger = logger
        self.localizer = localizer
    }
}
