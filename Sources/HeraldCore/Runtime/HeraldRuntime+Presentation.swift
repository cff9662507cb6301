extension HeraldRuntime {
    /// The system asks how to present a notification while the app is in the foreground
    /// (`userNotificationCenter(_:willPresent:withCompletionHandler:)`). `completion`
    /// gets the system options (empty when Herald shows its own banner or alert), once.
    public func willPresent(
        _ payload: JSONValue, source: NotificationSource = .remote,
        completion: @escaping @MainActor (PresentationOptions) -> Void = { _ in }
    ) {
        guard let notification = decode(payload) else { return completion([]) }
        // The local echo of a re-posted push presents once, in place of the push itself.
        let isEcho = source == .local && repostedKeys.remove(notification.dedupeKey)
        if !isEcho {
            noteReceived(notification, source: source)
            guard presentedKeys.insert(notification.dedupeKey) else {
                ports.logger.log(.info, "herald: duplicate notification \(notification.dedupeKey) not presented again")
                return completion([])
            }
        }
        // An echo is how a re-posted push shows: the system presents it, no hook is asked again.
        if isEcho { return apply(.system(echoOptions(notification)), to: notification, source: source, completion: completion) }
        let context = PresentationContext(notification: notification, source: source, state: state)
        decide(context) { [weak self] decision in
            guard let self else { return }
            // A late answer for Herald's own UI after the app left the foreground: the system shows it.
            let inApp = decision == .banner || decision == .confirm
            let effective = inApp && !self.state.isForeground ? .system(self.configuration.policy.systemOptions) : decision
            self.apply(effective, to: notification, source: source, completion: completion)
        }
    }

    /// Asks the app's hook, if any, with a timeout on the clock; falls back to the policy. Calls `done` once.
    func decide(_ context: PresentationContext, done: @escaping @MainActor (PresentationDecision) -> Void) {
        let policy = configuration.policy
        guard let hook = presentationHook else { return done(policy.decide(context)) }
        var settled = false
        var timer: ClockTimer?
        let settle: @MainActor (PresentationDecision?) -> Void = { decision in
            guard !settled else { return }
            settled = true
            timer?.cancel()
            done(decision ?? policy.decide(context))
        }
        timer = clock.schedule(after: configuration.hookTimeout) { settle(nil) }
        hook(context, settle)
    }

    func apply(
        _ decision: PresentationDecision, to notification: PushNotification, source: NotificationSource,
        completion: @MainActor (PresentationOptions) -> Void
    ) {
        switch decision {
        case .system(let options):
            completion(options)
            emit(.systemNotification(notification, options: options, source: source))
        case .silent:
            completion([])
        case .repostAsLocal:
            completion([])
            repost(notification)
        case .route:
            completion([])
            open(RouteRequest(notification: notification, action: nil, coldStart: false), text: nil)
        case .banner, .confirm:
            completion([])
            if isUIReady {
                presentInApp(notification, decision)
            } else {
                buffer.append(.present(notification, decision))
                emit(.launchBuffered(notification, what: "presentation"))
                watchHeldPresentations()
            }
        }
    }

    /// Posts the notification again as a local one, which the system presents; a `quiet`
    /// one goes to the notification list only, without a banner or a sound.
    func repost(_ notification: PushNotification, quiet: Bool = false) {
        repostedKeys.insert(notification.dedupeKey)
        if quiet { quietRepostKeys.insert(notification.dedupeKey) }
        emit(.repostedAsLocal(notification))
        ports.system.postLocal(notification)
    }

    /// How the system presents the local echo of a re-post: as the policy says, or, for a
    /// quiet one, in the list (and on the badge when the policy counts it) only.
    private func echoOptions(_ notification: PushNotification) -> PresentationOptions {
        let options = configuration.policy.systemOptions
        guard quietRepostKeys.remove(notification.dedupeKey) else { return options }
        return options.intersection(.badge).union(.list)
    }

    /// Shows Herald's own UI for a notification: the banner, or the confirm alert (one at a time).
    func presentInApp(_ notification: PushNotification, _ decision: PresentationDecision) {
        guard decision == .confirm else { return bannerQueue.enqueue(BannerItem(notification: notification)) }
        alertQueue.append(notification)
        if alertQueue.count == 1 { showNextAlert() }
    }

    private func showNextAlert() {
        guard let notification = alertQueue.first else { return }
        emit(.alertShown(notification))
        var answered = false
        ports.alert.confirm(notification) { [weak self] show in
            guard let self, !answered else { return }
            answered = true
            self.alertQueue.removeFirst()
            self.emit(.alertAnswered(notification, show: show))
            if show { self.open(RouteRequest(notification: notification, action: nil, coldStart: false), text: nil) }
            self.showNextAlert()
        }
    }

    func handleBanner(_ event: BannerEvent) {
        emit(.banner(event))
        switch event {
        case .willShow(let item): ports.banner.show(item)
        case .updated(let item): ports.banner.update(item)
        case .willHide(let item, let reason):
            ports.banner.hide(item, reason: reason)
            // A tap hides the banner, then opens its screen.
            if reason == .tap { open(RouteRequest(notification: item.notification, action: nil, coldStart: false), text: nil) }
        case .dropped(let item, .removed):
            // It waited for a banner and the app left the foreground: the user has not seen it,
            // so the notification centre keeps it (received and counted once already).
            repost(item.notification)
        case .dropped(let item, .overflow):
            // A burst filled the line: the notification list keeps it, each with its own tap and
            // route, without a banner or sound of its own while the banners catch up.
            repost(item.notification, quiet: true)
        default: break
        }
    }

    // MARK: Banner gestures, from the banner view

    public func bannerTouchDown() { bannerQueue.touchDown() }
    public func bannerTouchUp() { bannerQueue.touchUp() }
    public func bannerTapped() { bannerQueue.tap() }
    public func bannerSwiped(translationY: Double, velocityY: Double, height: Double) {
        bannerQueue.swipe(translationY: translationY, velocityY: velocityY, height: height)
    }
    public func dismissBanner() { bannerQueue.dismissCurrent() }
}
