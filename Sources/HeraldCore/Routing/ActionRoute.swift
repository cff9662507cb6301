/// Where one of a category's actions takes the user when it is chosen on a notification
/// ("查看", view: open the item).
///
/// A tap on a notification (the default action) opens it through the routes; a custom
/// action goes where its action route says, and without one opens the notification as a
/// tap does (the logger says so once per action identifier).
///
/// ```swift
/// config.actionRoutes = [
///     ActionRoute(category: "category2", action: "action-open", to: .notification),
///     ActionRoute(category: "order", action: "track", to: .target(RouteTarget(screen: "trace"), dataParams: ["id": "order_id"])),
/// ]
/// ```
public struct ActionRoute: Sendable {
    /// Where the action goes.
    public enum Destination: Sendable {
        /// Open the notification as a tap does: its link routes, its data routes, then the fallback.
        case notification
        /// This target, with parameters taken from the notification's data (parameter name → data path).
        case target(RouteTarget, dataParams: [String: JSONPath] = [:])
    }

    /// The category the action belongs to (`aps.category`); `nil` for the action in every
    /// category. A route for the notification's own category wins over one for every category.
    public var category: String?
    /// The action's identifier, as declared in its `CategoryAction`.
    public var action: String
    public var destination: Destination

    public init(category: String?, action: String, to destination: Destination) {
        self.category = category
        self.action = action
        self.destination = destination
    }

    /// How errors name the route: `category/action`, `*/action` for every category.
    var name: String { (category ?? "*") + "/" + action }
}
