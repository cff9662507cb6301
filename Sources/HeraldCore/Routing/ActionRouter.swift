/// The action routes, checked: finds where a chosen action goes.
///
/// Built with the runtime, so a mistake in the table fails at launch (or in a test)
/// instead of leaving an action that opens nothing.
public struct ActionRouter: Sendable {
    private struct Key: Hashable {
        var category: String?
        var action: String
    }

    private let routes: [Key: ActionRoute]

    /// Checks every route: the action identifier is set and is not the system's own, the
    /// category (when given) is not empty, no two routes map the same action of the same
    /// category, and a target has a screen, a tab or the web presentation. The error's
    /// `index` is the route's position in `routes`.
    public init(_ routes: [ActionRoute]) throws(RouterError) {
        var checked: [Key: (route: ActionRoute, index: Int)] = [:]
        for (index, route) in routes.enumerated() {
            func fail(_ reason: RouterError.Reason) -> RouterError { RouterError(reason, pattern: route.name, index: index) }
            guard !route.action.isEmpty else { throw fail(.emptyAction) }
            guard route.action != NotificationAction.defaultIdentifier, route.action != NotificationAction.dismissIdentifier else {
                throw fail(.systemAction)
            }
            guard route.category?.isEmpty != true else { throw fail(.emptyCategory) }
            if case .target(let target, _) = route.destination, target.screen == nil, target.tab == nil,
                target.presentation != .web
            {
                throw fail(.actionWithoutTarget)
            }
            let key = Key(category: route.category, action: route.action)
            if let earlier = checked[key] { throw fail(.duplicateAction(index: earlier.index)) }
            checked[key] = (route, index)
        }
        self.routes = checked.mapValues(\.route)
    }

    /// The route of `action` for a notification of `category`: the category's own, else
    /// the one for every category; `nil` when there is none.
    public func route(category: String?, action: String) -> ActionRoute? {
        if let category, let route = routes[Key(category: category, action: action)] { return route }
        return routes[Key(category: nil, action: action)]
    }
}
