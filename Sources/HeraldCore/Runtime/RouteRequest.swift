/// A request to take the user to a notification's screen.
struct RouteRequest {
    var notification: PushNotification
    var action: String?
    /// The UI is being built for this route (a launch from a tap).
    var coldStart: Bool
    /// Where an action route sends it; `nil` routes the notification as a tap does.
    var destination: ActionRoute.Destination? = nil
}

/// Work held until the UI is ready.
enum BufferedWork {
    case route(RouteRequest)
    case present(PushNotification, PresentationDecision)
}

/// A route resolved to a target and its parameters.
struct ResolvedRoute {
    var target: RouteTarget
    var params: [String: String]
    var link: String?
}
