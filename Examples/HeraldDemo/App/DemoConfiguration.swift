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

    /// Badge, sound and alert, the demo's one category (its actions open the app or not),
    /// and the App Group whose container holds the receipts, the inbox and so the badge.
    static var options: Herald.Options {
        let open = UNNotificationAction(identifier: "open", title: "Open", options: [.foreground])
        let later = UNNotificationAction(identifier: "later", title: "Not interested", options: [.destructive])
        let order = UNNotificationCategory(identifier: "order", actions: [open, later], intentIdentifiers: [], options: [.customDismissAction])
        return Herald.Options(authorization: [.badge, .sound, .alert], categories: [order], appGroup: "group.org.herald.demo")
    }
}
