/// An app's route (an APNs environment, FCM) held back, as every process on the store sees
/// it: the engine that paused it records it, the API reads it for a publish's status and
/// the app's settings. A credentials pause lasts until the service takes a notification
/// again or the route's credentials are replaced (the engine tries again at `until`, and
/// pauses again while they are refused or missing); a `Retry-After` pause ends at `until`.
public struct RoutePause: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// The app has no credentials for the route, or the service refused them.
        case credentials
        /// The service answered `Retry-After`.
        case retryAfter = "retry_after"
    }

    public var route: DeliveryRoute
    public var kind: Kind
    /// What the service answered (`403 InvalidProviderToken`), or `no credentials`.
    public var reason: String
    /// The first refusal of this pause's run (a pause that follows one keeps it).
    public var since: Double
    /// When the engine tries the route again.
    public var until: Double

    public init(route: DeliveryRoute, kind: Kind, reason: String, since: Double, until: Double) {
        self.route = route
        self.kind = kind
        self.reason = reason
        self.since = since
        self.until = until
    }
}

/// The routes held back, shared by the processes on one store.
public protocol RoutePauseStore: AnyObject, Sendable {
    /// Records that `appID`'s route is paused; a pause of that route already recorded keeps
    /// its `since` and takes the new reason, kind and `until`. The route's deliveries due
    /// before `until` wait until then, in the same transaction (nothing of the route may go
    /// before; claims that leave the route out no longer read them).
    func recordRoutePause(appID: String, _ pause: RoutePause) throws
    /// The route is not paused any more (the service took a notification, a `Retry-After`
    /// ran out); whether a pause was recorded.
    @discardableResult func endRoutePause(appID: String, route: DeliveryRoute) throws -> Bool
    /// The app's routes held back, APNs' environments first.
    func routePauses(appID: String) throws -> [RoutePause]
    /// The publish's deliveries waiting to be sent (not in flight, not finished), by route:
    /// those a pause holds back are the ones on a paused route. It reads every delivery of the
    /// publish, so the API asks only when the app has a route paused.
    func waitingDeliveries(publishID: String) throws -> [DeliveryRoute: Int]
}
