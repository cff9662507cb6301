/// What the runtime did or saw, in order: the timeline of `herald simulate`, the
/// feed of in-app events an app observes, and the seam receipts are built on.
public enum RuntimeEvent: Sendable, Hashable {
    /// A notification reached the app (any state); receipts count `delivered` from here.
    case received(PushNotification, source: NotificationSource, state: AppState)
    /// The in-app banner changed.
    case banner(BannerEvent)
    /// The confirm alert ("show it?") is on screen.
    case alertShown(PushNotification)
    /// The user answered the confirm alert.
    case alertAnswered(PushNotification, show: Bool)
    /// The system shows (or was asked to show) the notification with these options.
    case systemNotification(PushNotification, options: PresentationOptions, source: NotificationSource)
    /// Herald re-posted a remote push as a local notification (`PresentationDecision.repostAsLocal`,
    /// or a banner still waiting when the app left the foreground).
    case repostedAsLocal(PushNotification)
    /// The user opened the notification: a tap, an action, a launch, a banner or alert.
    case opened(PushNotification, action: String?, text: String?)
    /// The user dismissed the notification (the system's dismiss action).
    case dismissed(PushNotification)
    /// A navigation step was applied.
    case navigation(NavigationCommand, notification: PushNotification)
    /// A route needs a logged-in user; it is parked until login.
    case authRequired(PushNotification, screen: String?)
    /// A parked route was dropped: `logout`, or `replaced` by a newer one waiting for login.
    case parkedRouteDropped(PushNotification, reason: String)
    /// No route matched the notification's link or data.
    case routeUnmatched(PushNotification, link: String?)
    /// Held until `uiReady()`: `what` is "route" or "presentation".
    case launchBuffered(PushNotification, what: String)
    /// An app-defined event from `RuntimeConfiguration.events` (a chat message arrived, refresh
    /// the lists); `appEvents(as:)` gives them typed.
    case app(name: String, notification: PushNotification)
    /// A payload that could not be decoded; nothing else happens with it.
    case rejected(reason: String)
    /// A push the provider sent for its own use (`PushNotification.providerInternal`, or
    /// Herald's inbox sync push; the reason): kept from the user, with no banner, no system notification, no route and no receipt.
    case ignored(PushNotification, reason: String)
    /// The app's state changed.
    case stateChanged(AppState)
    /// A receipt was recorded in the outbox (once per fact: duplicates are not).
    case receipt(Receipt)
    /// The badge the app and its extension agree on changed.
    case badge(Int)
}
