/// The client runtime: takes the platform's notification events, decides what to
/// show and where to go, and drives the app through ports. No UIKit, no timers of
/// its own: everything runs on the injected clock, so every behaviour is testable.
///
/// ```swift
/// let runtime = try HeraldRuntime(configuration: config, ports: ports, clock: LiveClock())
/// runtime.launch(with: launchPayload)        // didFinishLaunching
/// runtime.uiReady()                          // the root view controller exists
/// runtime.willPresent(payload) { completionHandler($0) }
/// runtime.didReceiveResponse(payload)        // a tap
/// ```
@MainActor
public final class HeraldRuntime {
    public let configuration: RuntimeConfiguration
    let ports: RuntimePorts
    let clock: any HeraldClock
    let router: Router<AppRoute>
    let fieldRouter: FieldRouter<RouteTarget>
    let actionRouter: ActionRouter
    let decider = NavigationDecider()
    lazy var bannerQueue = BannerQueue(clock: clock, configuration: configuration.banner) { [weak self] event in
        self?.handleBanner(event)
    }

    public private(set) var state: AppState = .notRunning
    public private(set) var isUIReady = false
    public private(set) var isLoggedIn: Bool
    /// An app's own presentation decision; see `PresentationHook`.
    public var presentationHook: PresentationHook?
    /// Called for every event, synchronously, in order.
    public var onEvent: (@MainActor (RuntimeEvent) -> Void)?
    /// Records receipts, the inbox and the badge from what happens, when set.
    public var receipts: ReceiptRecorder?

    var buffer: [BufferedWork] = []
    /// Confirm alerts: the first is on screen, the rest wait for its answer.
    var alertQueue: [PushNotification] = []
    var parked: RouteRequest?
    var routedKeys: RecentKeys
    var presentedKeys: RecentKeys
    var repostedKeys: RecentKeys
    /// Re-posts whose echo goes to the notification list only (banners past the full line).
    var quietRepostKeys: RecentKeys
    var receivedKeys: RecentKeys
    /// The action identifiers chosen without an action route, each logged once.
    var unroutedActions: RecentKeys
    /// Runs out when the app has been active with presentations held for the UI for too long.
    var heldWarning: ClockTimer?
    /// The streams `events()` and `appEvents(as:)` feed, by id.
    var listeners: [Int: (RuntimeEvent) -> Void] = [:]
    var nextListener = 0

    /// Builds the runtime; routes and action routes are validated here (duplicate or
    /// malformed patterns, action routes that cannot be followed throw).
    public init(configuration: RuntimeConfiguration, ports: RuntimePorts, clock: any HeraldClock) throws(RouterError) {
        self.configuration = configuration
        self.ports = ports
        self.clock = clock
        self.router = try Router(configuration.routes.map { (pattern: $0.pattern, target: $0) })
        self.fieldRouter = FieldRouter(configuration.fieldRoutes)
        self.actionRouter = try ActionRouter(configuration.actionRoutes)
        self.isLoggedIn = configuration.loggedIn
        self.routedKeys = RecentKeys(limit: configuration.memory)
        self.presentedKeys = RecentKeys(limit: configuration.memory)
        self.repostedKeys = RecentKeys(limit: configuration.memory)
        self.quietRepostKeys = RecentKeys(limit: configuration.memory)
        self.receivedKeys = RecentKeys(limit: configuration.memory)
        self.unroutedActions = RecentKeys(limit: configuration.memory)
    }

    // MARK: Platform events

    /// The app launched; `payload` is the notification whose tap launched it, if any.
    /// Its route waits for `uiReady()` and then builds the target tab's stack at once.
    public func launch(with payload: JSONValue?) {
        state = .notRunning
        guard let payload, let notification = decode(payload) else { return }
        noteReceived(notification, source: .launch)
        open(RouteRequest(notification: notification, action: nil, coldStart: true), text: nil)
    }

    /// The app's state changed. Leaving the foreground hides the banner on screen, and
    /// each banner still waiting its turn is posted to the notification centre as a local
    /// notification (`dropped(_, .removed)`, then `repostedAsLocal`): nothing the user has
    /// not seen disappears. That holds in the rest `gap` between two banners too, when
    /// nothing is on screen but banners wait.
    public func setState(_ newState: AppState) {
        guard newState != state else { return }
        state = newState
        emit(.stateChanged(newState))
        if !newState.isForeground { bannerQueue.removeAll() }
        watchHeldPresentations()
    }

    /// The UI can navigate: buffered presentations and routes run now, in order.
    public func uiReady() {
        guard !isUIReady else { return }
        isUIReady = true
        watchHeldPresentations()
        let work = buffer
        buffer = []
        for item in work {
            switch item {
            case .route(let request): navigate(request)
            case .present(let notification, let decision):
                // The app left the foreground while the UI was coming up: the system shows it instead.
                if state.isForeground { presentInApp(notification, decision) } else { repost(notification) }
            }
        }
    }

    /// Sets the badge to zero (an app may do it each time it opens).
    public func clearBadge() {
        for event in receipts?.clearBadge() ?? [] { emit(event) }
    }

    /// Emits `.badge` when the inbox's badge changed behind the runtime's back (after a sync
    /// with the gateway's inbox).
    public func refreshBadge() {
        for event in receipts?.refreshBadge() ?? [] { emit(event) }
    }

    /// A user logged in: a route parked for login runs now.
    public func login() {
        isLoggedIn = true
        if let request = parked {
            parked = nil
            navigate(request)
        }
    }

    /// The user logged out: a route parked for login is dropped.
    public func logout() {
        isLoggedIn = false
        if let request = parked {
            parked = nil
            emit(.parkedRouteDropped(request.notification, reason: "logout"))
        }
    }

    /// A push with content-available and nothing to show arrived (any state): data for the app only.
    public func didReceiveSilent(_ payload: JSONValue) {
        guard let notification = decode(payload) else { return }
        noteReceived(notification, source: .silent)
    }

    /// The user responded to a notification: a tap (`action` nil or the default
    /// action), the dismiss action, or one of the category's actions with typed text.
    /// A category's action goes where `RuntimeConfiguration.actionRoutes` says; one
    /// without an action route opens the notification as a tap does (logged once per identifier).
    public func didReceiveResponse(_ payload: JSONValue, action: String? = nil, text: String? = nil) {
        guard let notification = decode(payload) else { return }
        switch action {
        case nil, NotificationAction.defaultIdentifier:
            open(RouteRequest(notification: notification, action: nil, coldStart: false), text: text)
        case NotificationAction.dismissIdentifier:
            emit(.dismissed(notification))
        case let custom?:
            openAction(custom, of: notification, text: text)
        }
    }

    /// A notification reached the app: announced and its app events raised once, however
    /// many callbacks bring it (iOS calls both `willPresent` and the silent-push callback
    /// for an alert with content-available; APNs can deliver a push twice).
    func noteReceived(_ notification: PushNotification, source: NotificationSource) {
        guard receivedKeys.insert(notification.dedupeKey) else { return }
        emit(.received(notification, source: source, state: state))
        raiseAppEvents(for: notification)
    }

    /// The notification of `payload`, its localization keys resolved (`localized(by:)`), or
    /// `nil` for one that cannot be decoded (`rejected`) or that its provider sent for its
    /// own use, such as the inbox's sync push (`ignored`): nothing else happens with either.
    func decode(_ payload: JSONValue) -> PushNotification? {
        let notification: PushNotification
        do {
            notification = try configuration.decoder.decode(payload).localized(by: ports.localizer)
        } catch {
            ports.logger.log(.warning, "herald: ignored a notification: \(error)")
            emit(.rejected(reason: "\(error)"))
            return nil
        }
        if let flag = notification.providerInternal {
            emit(.ignored(notification, reason: "provider-internal (\(flag))"))
            return nil
        }
        if notification.provider == .herald, GatewayClient.isInboxSyncPush(payload) {
            // The inbox's background sync push is Herald's own bookkeeping: nothing shown, no receipt.
            emit(.ignored(notification, reason: "herald inbox sync push"))
            return nil
        }
        return notification
    }
}

/// The system's action identifiers, as UserNotifications names them.
public enum NotificationAction {
    public static let defaultIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    public static let dismissIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
}
