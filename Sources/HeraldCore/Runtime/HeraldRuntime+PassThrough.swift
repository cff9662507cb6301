extension HeraldRuntime {
    /// A message arrived over a provider's own connection rather than through APNs
    /// (GeTui's pass-through): decoded with `PayloadDecoder.decode(passThrough:)`, received
    /// once, then presented by its `offline` flag.
    ///
    /// - `offline: true`: the provider stored it while the app was not connected and sent it
    ///   through APNs too, so iOS shows that copy: `systemNotification` (source `passThrough`),
    ///   and Herald posts nothing of its own.
    /// - `offline: false`: only the connection brought it. In the foreground it is presented
    ///   as a push would be (the hook, then the policy: a banner by default); what the system
    ///   would show, Herald posts as a local notification, since APNs has no copy.
    ///
    /// A payload that is not a JSON object is `rejected` with the decoder's positioned error.
    public func receive(passThrough message: PassThroughMessage) {
        let notification: PushNotification
        do {
            notification = try configuration.decoder.decode(passThrough: message).localized(by: ports.localizer)
        } catch {
            ports.logger.log(.warning, "herald: ignored a \(message.provider) pass-through message: \(error)")
            emit(.rejected(reason: "\(error)"))
            return
        }
        noteReceived(notification, source: .passThrough)
        guard presentedKeys.insert(notification.dedupeKey) else {
            ports.logger.log(.info, "herald: duplicate notification \(notification.dedupeKey) not presented again")
            return
        }
        if message.offline {
            return emit(.systemNotification(notification, options: configuration.policy.systemOptions, source: .passThrough))
        }
        decide(PresentationContext(notification: notification, source: .passThrough, state: state)) { [weak self] decision in
            guard let self else { return }
            let inApp = decision == .banner || decision == .confirm
            var effective = decision
            if case .system = decision { effective = .repostAsLocal }
            if inApp && !self.state.isForeground { effective = .repostAsLocal }
            self.apply(effective, to: notification, source: .passThrough) { _ in }
        }
    }
}
