import HeraldApple
import HeraldCore
import UserNotifications

/// What the demo routes and how it presents: the seed posts' rules in a few lines.
enum DemoConfiguration {
    static let tabs = ["home", "inbox", "me"]

    /// Links and data fields to screens (post 000's link routes, post 003's refresh,
    /// post 004's `pushextr` field), a web page for any other link.
    static var runtime: RuntimeConfiguration {
        RuntimeConfiguration(
            policy: PresentationPolicy(foreground: .banner),
            routes: [
                AppRoute(pattern: "herald-demo://orders/<int:id>", target: RouteTarget(screen: "Order", tab: "home", reuse: .refresh)),
                AppRoute(
                    pattern: "herald-demo://profit", target: RouteTarget(screen: "Profit", tab: "me", requiresAuth: true)),
            ],
            fieldRoutes: [
                FieldRoute(when: ["type": "message"], target: RouteTarget(tab: "inbox", popToRoot: true)),
                FieldRoute(when: ["pushextr": "*"], target: RouteTarget(screen: "Order", tab: "home"), parameters: ["id": "pushextr"]),
            ],
            fallback: AppRoute(pattern: "*", target: RouteTarget(screen: Screen.web, presentation: .web), dataParams: ["title": "aps.alert.title"]),
            loggedIn: false)
    }

    /// Herald's gateway, when the build names one (Info.plist: `HeraldGatewayURL`,
    /// `HeraldGatewayApp`, `HeraldGatewayClientKey`, as `herald app create` printed them):
    /// the device token is registered there, in the sandbox, with its key in the keychain.
    @MainActor
    static func gateway(_ info: [String: Any] = Bundle.main.infoDictionary ?? [:]) -> GatewayClient? {
        guard let url = (info["HeraldGatewayURL"] as? String).flatMap(URL.init(string:)),
            let app = info["HeraldGatewayApp"] as? String, !app.isEmpty,
            let key = info["HeraldGatewayClientKey"] as? String, !key.isEmpty
        else { return nil }
        return GatewayClient(baseURL: url, appID: app, clientKey: key, environment: .sandbox, deviceStore: KeychainGatewayDeviceStore())
    }

    /// Badge, sound and alert, the demo's one category (its actions open the app or not),
    /// and the App Group whose container holds the receipts, the inbox and so the badge.
    static var options: Herald.Options {
        let open = UNNotificationAction(identifier: "open", title: "Open", options: [.foreground])
        let later = UNNotificationAction(identifier: "later", title: "Not interested", options: [.destructive])
        let order = UNNotificationCategory(identifier: "order", actions: [open, later], intentIdentifiers: [], options: [.customDismissAction])
        return Herald.Options(authorization: [.badge, .sound, .alert], categories: [order], appGroup: "group.org.herald.demo")
    }
}
