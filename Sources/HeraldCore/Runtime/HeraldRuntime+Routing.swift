extension HeraldRuntime {
    /// The user opened a notification: remember it (never twice), then route, or hold
    /// the route until the UI is ready. An action without an action route opens it as a
    /// tap does, so the two share the tap's key: a tap and such an action navigate once.
    func open(_ request: RouteRequest, text: String?) {
        let key = request.notification.dedupeKey + "|" + (request.destination == nil ? "open" : request.action ?? "open")
        guard routedKeys.insert(key) else {
            ports.logger.log(.info, "herald: \(key) was opened already; not navigating twice")
            return
        }
        emit(.opened(request.notification, action: request.action, text: text))
        guard isUIReady else {
            buffer.append(.route(request))
            emit(.launchBuffered(request.notification, what: "route"))
            return
        }
        navigate(request)
    }

    /// A category's action was chosen: open it where its action route says, or, without
    /// one, open the notification as a tap does (`opened` with the action), and log once
    /// per action identifier that it has no route.
    func openAction(_ action: String, of notification: PushNotification, text: String?) {
        let category = notification.aps.category
        guard let route = actionRouter.route(category: category, action: action) else {
            if unroutedActions.insert(action) {
                ports.logger.log(
                    .info,
                    "herald: action \"\(action)\" of category \"\(category ?? "none")\" has no action route;"
                        + " it opens the notification as a tap does (add one to RuntimeConfiguration.actionRoutes to send it elsewhere)")
            }
            open(RouteRequest(notification: notification, action: action, coldStart: false), text: text)
            return
        }
        open(RouteRequest(notification: notification, action: action, coldStart: false, destination: route.destination), text: text)
    }

    /// Resolves and applies a route now; parks it when it needs a user and none is logged in.
    func navigate(_ request: RouteRequest) {
        let notification = request.notification
        guard let route = resolve(request) else {
            emit(.routeUnmatched(notification, link: notification.link))
            return
        }
        if route.target.requiresAuth && !isLoggedIn {
            // One route waits for login: the newest, as the user last asked for it.
            if let older = parked { emit(.parkedRouteDropped(older.notification, reason: "replaced")) }
            parked = request
            emit(.authRequired(notification, screen: route.target.screen))
            return
        }
        let commands = decider.decide(
            route.target, params: route.params, link: route.link, state: ports.navigator.state, coldStart: request.coldStart)
        for command in commands {
            ports.navigator.apply(command)
            emit(.navigation(command, notification: notification))
        }
    }

    /// An action route's target, or the notification's own route.
    private func resolve(_ request: RouteRequest) -> ResolvedRoute? {
        guard case .target(let target, let params) = request.destination else { return resolve(request.notification) }
        let notification = request.notification
        return ResolvedRoute(target: target, params: dataParams(params, notification), link: notification.link)
    }

    /// Link routes first, then data routes, then the fallback for a link.
    func resolve(_ notification: PushNotification) -> ResolvedRoute? {
        if let link = notification.link, let match = router.match(link) {
            return ResolvedRoute(
                target: match.target.target, params: match.parameters.merging(dataParams(match.target, notification)) { a, _ in a },
                link: link)
        }
        if let match = fieldRouter.match(notification) {
            return ResolvedRoute(target: match.target, params: match.parameters, link: notification.link)
        }
        if let link = notification.link, let fallback = configuration.fallback {
            return ResolvedRoute(target: fallback.target, params: dataParams(fallback, notification), link: link)
        }
        return nil
    }

    private func dataParams(_ route: AppRoute, _ notification: PushNotification) -> [String: String] {
        dataParams(route.dataParams, notification)
    }

    private func dataParams(_ paths: [String: JSONPath], _ notification: PushNotification) -> [String: String] {
        paths.compactMapValues { notification[$0]?.scalarText }
    }

    /// Raises the app-defined events whose conditions the notification's data meets.
    func raiseAppEvents(for notification: PushNotification) {
        for rule in configuration.events where FieldRouter([FieldRoute(when: rule.when, target: rule.name)]).match(notification) != nil {
            emit(.app(name: rule.name, notification: notification))
        }
    }

    // MARK: Events

    /// A stream of every event from now on; end it by cancelling the task that reads it.
    public func events() -> AsyncStream<RuntimeEvent> {
        let (stream, continuation) = AsyncStream<RuntimeEvent>.makeStream()
        listen(continuation) { $0 }
        return stream
    }

    /// Feeds `continuation` with what `transform` makes of each event (nothing for `nil`)
    /// until the stream ends.
    func listen<Element: Sendable>(_ continuation: AsyncStream<Element>.Continuation, _ transform: @escaping (RuntimeEvent) -> Element?) {
        let id = nextListener
        nextListener += 1
        listeners[id] = { event in
            if let element = transform(event) { continuation.yield(element) }
        }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.listeners[id] = nil }
        }
    }

    func emit(_ event: RuntimeEvent) {
        onEvent?(event)
        for listener in listeners.values { listener(event) }
        switch event {
        case .receipt, .badge: return
        default: for derived in receipts?.record(event, state: state) ?? [] { emit(derived) }
        }
    }
}
