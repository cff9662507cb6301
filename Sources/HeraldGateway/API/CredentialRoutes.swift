import HeraldShared
import HeraldStore

/// The routes each app has credentials for, read from the store at most every `lifetime`
/// seconds per app, for a registration's warning: a device registered in an environment
/// the app cannot send to is told so in its 201, without a store read per registration.
final class CredentialRoutes: Sendable {
    let lifetime: Double
    private let known = Locked<[String: (routes: Set<DeliveryRoute>, readAt: Double)]>([:])

    init(lifetime: Double = 5) {
        self.lifetime = lifetime
    }

    /// The routes `appID` has credentials for as of at most `lifetime` ago.
    func routes(appID: String, now: Double, store: any AppStore) throws -> Set<DeliveryRoute> {
        if let entry = known.withLock({ $0[appID] }), now - entry.readAt < lifetime, now >= entry.readAt { return entry.routes }
        guard let app = try store.app(id: appID, includingCredentials: true) else { return [] }
        var routes = Set(app.credentials.map { DeliveryRoute.apns($0.environment) })
        if app.fcmCredentials != nil { routes.insert(.fcm) }
        known.withLock { $0[appID] = (routes, now) }
        return routes
    }

    /// The warning for a device on `route` when the app has no credentials for it.
    static func warning(route: DeliveryRoute, appID: String) -> String {
        let fix = RoutePause(route: route, kind: .credentials, reason: RoutePause.noCredentials, since: 0, until: 0).fix(appID: appID)
        return "\(route.name): \(fix); until then its notifications wait (a publish's status shows them paused)"
    }
}
