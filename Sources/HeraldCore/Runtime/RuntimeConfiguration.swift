/// A route from a link pattern to a target, with parameters taken from the notification's data.
public struct AppRoute: Sendable {
    public var pattern: String
    public var target: RouteTarget
    /// Parameter name → path in the app's data (such as a web page's title).
    public var dataParams: [String: JSONPath]

    public init(pattern: String, target: RouteTarget, dataParams: [String: JSONPath] = [:]) {
        self.pattern = pattern
        self.target = target
        self.dataParams = dataParams
    }
}

/// An app-defined event raised when a notification's data matches (a chat
/// message arrived, the badge changed, refresh the lists).
public struct AppEventRule: Sendable {
    public var name: String
    public var when: [JSONPath: JSONValue]

    public init(name: String, when: [JSONPath: JSONValue]) {
        self.name = name
        self.when = when
    }
}

/// Everything the runtime decides with: presentation policy, routes, events, timings.
public struct RuntimeConfiguration: Sendable {
    public var policy: PresentationPolicy
    /// Link routes, matched against the notification's link first.
    public var routes: [AppRoute]
    /// Data routes, tried in order when no link route matches (such as a payload's `type` or an id field).
    public var fieldRoutes: [FieldRoute<RouteTarget>]
    /// Where a link that no route matches goes (such as a web page titled with the push title); `nil`: unmatched.
    public var fallback: AppRoute?
    /// Where a category's actions go when chosen (`ActionRoute`); an action without one opens the notification as a tap does.
    public var actionRoutes: [ActionRoute]
    public var events: [AppEventRule]
    public var decoder: PayloadDecoder
    public var banner: BannerQueue.Configuration
    /// How long an app's `PresentationHook` may take before the policy decides.
    public var hookTimeout: Double
    /// Whether a user is logged in at start.
    public var loggedIn: Bool
    /// How many handled notification keys are remembered to refuse duplicates.
    public var memory: Int
    /// Seconds of being active with presentations held for `uiReady()` before the runtime
    /// says so through the logger (a forgotten `uiReady()` holds every banner and alert).
    public var heldPresentationWarning: Double

    public init(
        policy: PresentationPolicy = PresentationPolicy(), routes: [AppRoute] = [],
        fieldRoutes: [FieldRoute<RouteTarget>] = [], fallback: AppRoute? = nil, actionRoutes: [ActionRoute] = [],
        events: [AppEventRule] = [],
        decoder: PayloadDecoder = .standard, banner: BannerQueue.Configuration = .init(), hookTimeout: Double = 2,
        loggedIn: Bool = true, memory: Int = 500, heldPresentationWarning: Double = 5
    ) {
        self.policy = policy
        self.routes = routes
        self.fieldRoutes = fieldRoutes
        self.fallback = fallback
        self.actionRoutes = actionRoutes
        self.events = events
        self.decoder = decoder
        self.banner = banner
        self.hookTimeout = hookTimeout
        self.loggedIn = loggedIn
        self.memory = memory
        self.heldPresentationWarning = heldPresentationWarning
    }
}
