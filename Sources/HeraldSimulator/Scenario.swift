import HeraldCore

/// A simulated app and what happens to it: `herald simulate`'s input (docs/simulate.md).
public struct Scenario: Sendable {
    /// The app's tabs, first selected.
    public var tabs: [String]
    /// The runtime's configuration: policy, routes, events.
    public var configuration: RuntimeConfiguration
    /// The banner's height in points, for the swipe rule.
    public var bannerHeight: Double
    /// An app presentation hook that answers after this many seconds (to test timeouts).
    public var hookDelay: Double?
    /// What the hook answers, when there is one.
    public var hookDecision: PresentationDecision?
    /// The app's strings table (`app.strings`: key → format) for the alert's localization keys.
    public var strings: [String: String] = [:]
    public var steps: [ScenarioStep]
    /// Steps played after each push a live device receives (`herald device`); `herald
    /// simulate` does not use them.
    public var onPush: [ScenarioStep] = []
}

/// One thing that happens to the simulated app.
public enum ScenarioStep: Sendable, Hashable {
    /// The app launches, from a notification's tap when one is given.
    case launch(JSONValue?)
    /// The root view controller exists.
    case uiReady
    case state(AppState)
    /// A push (or a local notification) reaches the device.
    case receive(JSONValue, local: Bool)
    /// A message arrives over the provider's own connection (GeTui's pass-through), not APNs.
    case passThrough(PassThroughMessage)
    case tapBanner
    /// Taps a delivered notification in the notification centre: the newest, or the one with this id.
    case tapNotification(id: String?)
    /// Chooses an action of a delivered notification, with typed text.
    case action(id: String, text: String?, notification: String?)
    /// Answers the confirm alert.
    case answerAlert(show: Bool)
    case swipe(dy: Double, vy: Double)
    case touch(down: Bool)
    case advance(Double)
    case login(Bool)
    /// The user is looking at this screen (pushed on the tab's stack).
    case show(Screen, tab: String?)
    case selectTab(String)
    /// The app sets the badge to zero.
    case clearBadge

    /// Whether this step launches the app; a scenario without one starts with the app
    /// already running and its UI ready.
    public var isLaunch: Bool {
        if case .launch = self { return true }
        return false
    }
}

/// A scenario that cannot be run: where (its JSON path), what, and how to fix it.
public typealias ScenarioError = FieldError<ScenarioDomain>

/// The domain of `ScenarioError`: a scenario file.
public enum ScenarioDomain {}

extension ScenarioError {
    /// The JSON path in the scenario file where it went wrong.
    public var path: String { field }
}
