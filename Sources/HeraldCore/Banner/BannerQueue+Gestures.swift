extension BannerQueue {
    /// A finger landed on the banner: the auto-hide countdown stops.
    ///
    /// During the show animation the touch is remembered and holds the countdown from
    /// `didShow`; during the hide animation, or with nothing on screen, it is ignored.
    public func touchDown() {
        guard current != nil, phase == .appearing || phase == .visible, pendingHide == nil, !isTouching else { return }
        isTouching = true
        countdown.pause()
    }

    /// The finger lifted without a tap or a swipe: the countdown resumes with the time
    /// it had left when the finger landed.
    public func touchUp() {
        guard isTouching else { return }
        isTouching = false
        countdown.resume()
    }

    /// The user tapped the banner on screen: `tapped`, then it hides with reason `.tap`.
    ///
    /// A tap on a banner already on its way out (or with a hide pending) is ignored,
    /// so `tapped` comes at most once per banner.
    public func tap() {
        guard let item = current, phase == .appearing || phase == .visible, pendingHide == nil else { return }
        emit(.tapped(item))
        requestHide(.tap)
        flush()
    }

    /// A pan on the banner ended; it hides with reason `.swipe` when
    /// `configuration.swipeRule` says so, and otherwise springs back as after `touchUp`.
    public func swipe(translationY: Double, velocityY: Double, height: Double) {
        let dismisses = configuration.swipeRule.shouldDismiss(
            translationY: translationY, velocityY: velocityY, height: height)
        if dismisses, requestHide(.swipe) {
            flush()
        } else {
            touchUp()
        }
    }

    /// Hides the banner on screen with reason `.programmatic`; waiting items still show.
    public func dismissCurrent() {
        requestHide(.programmatic)
        flush()
    }

    /// Drops every waiting item (`dropped(_, .removed)`, next first) and hides the
    /// banner on screen with reason `.programmatic`.
    public func removeAll() {
        for item in backlog.removeAll() {
            emit(.dropped(item, .removed))
        }
        requestHide(.programmatic)
        flush()
    }
}
