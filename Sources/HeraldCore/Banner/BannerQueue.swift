/// The in-app banner as a model: which push is on screen, which wait, and when each
/// one shows and hides, on the injected clock. A view only renders its events.
///
/// One banner at a time. Enqueued when idle, an item gets `willShow` at once and
/// `didShow` one `animationDuration` later; its auto-hide countdown of
/// `visibleDuration` starts at `didShow`; when it runs out come `willHide(.timeout)`
/// and, one `animationDuration` later, `didHide`; after `gap` the next waiting item
/// gets its `willShow`. Waiting items go by priority, first come first served among
/// equals; the banner on screen is never interrupted by priority (only
/// `present(_:)` does that, explicitly).
///
/// - Touches: `touchDown` pauses the countdown and `touchUp` resumes it with the time
///   it had left, not a fresh `visibleDuration`: holding a banner delays its hide by
///   exactly the time it was held, so a banner gets `visibleDuration` of unheld time.
///   A touch that lands during the show animation holds the countdown from
///   `didShow`; one during the hide animation is ignored.
/// - Hiding during the show animation: `tap`, `swipe`, `dismissCurrent`,
///   `removeAll` and `present` act at once (state, `tapped`, the waiting line) but
///   the banner hides right after it has appeared: `didShow` comes on time and is
///   followed at the same instant by `willHide` with the first reason given. A
///   view never has to reverse an animation halfway, and every banner gets exactly
///   one `willShow`, `didShow`, `willHide` and `didHide`. Later requests to hide a
///   banner that is already on its way out do nothing.
/// - Duplicates and threads: see `enqueue(_:)`.
/// - Events: delivered in order once a step has changed the state, so a handler
///   sees the state after the whole step (inside one banner's `didHide`, `current`
///   may already be the next banner). Calling back into the queue from a handler is
///   allowed; the events of that call follow the ones already on their way.
@MainActor
public final class BannerQueue {
    /// The timings and limits this queue runs with.
    public let configuration: Configuration
    /// Where the slot is in its cycle.
    public internal(set) var phase: BannerPhase = .idle
    /// The banner on screen, from its `willShow` until its `didHide`.
    public internal(set) var current: BannerItem?
    /// Whether a finger is down on the banner on screen.
    public internal(set) var isTouching = false

    let clock: any HeraldClock
    let countdown: BannerCountdown
    var backlog = BannerBacklog()
    var recentIDs: BannerRecentIDs
    /// A hide asked for during the show animation, carried out at `didShow`.
    var pendingHide: BannerHideReason?
    private var transition: ClockTimer?
    private let onEvent: @MainActor (BannerEvent) -> Void
    private var outbox: [BannerEvent] = []
    private var isFlushing = false

    /// A queue that runs its timers on `clock` and reports to `onEvent`.
    public init(
        clock: any HeraldClock, configuration: Configuration = .init(),
        onEvent: @escaping @MainActor (BannerEvent) -> Void
    ) {
        self.clock = clock
        self.configuration = configuration
        self.onEvent = onEvent
        self.countdown = BannerCountdown(clock: clock)
        self.recentIDs = BannerRecentIDs(limit: configuration.recentIDLimit)
    }

    /// The waiting items, in the order they will show.
    public var queued: [BannerItem] { backlog.items }

    /// Whether a touch holds the auto-hide countdown of the banner on screen.
    public var isAutoHidePaused: Bool { countdown.isPaused }

    /// Seconds before the banner on screen hides itself, once it has appeared.
    public var autoHideRemaining: Double? { countdown.remaining }

    /// Shows `item` when its turn comes.
    ///
    /// An item whose id is on screen, waiting, or among the last `recentIDLimit`
    /// remembered ids is dropped (`.duplicate`). An item of the same thread as the
    /// banner on screen replaces its content in place (`updated`) and restarts its
    /// countdown from the full `visibleDuration` (still held if a finger is down);
    /// one of the same thread as a waiting item takes that item's place in line
    /// (the older one is `dropped(_, .superseded)`). A banner already on its way out
    /// does not coalesce: the item waits for its own banner.
    public func enqueue(_ item: BannerItem) {
        admit(item, pinned: false)
        flush()
    }

    /// Shows `item` as soon as possible, ahead of every waiting item: the banner on
    /// screen hides with reason `.replaced` and `item` shows after its hide animation
    /// (and the gap). Duplicates are dropped and threads coalesce as in `enqueue(_:)`,
    /// except that a waiting item of the same thread is superseded and `item` goes to
    /// the front. It takes a place in line like any item, evicting if the line is full.
    public func present(_ item: BannerItem) {
        admit(item, pinned: true)
        flush()
    }

    private func admit(_ item: BannerItem, pinned: Bool) {
        if current?.id == item.id || backlog.contains(id: item.id) || recentIDs.contains(item.id) {
            return emit(.dropped(item, .duplicate))
        }
        if let thread = item.threadID {
            if current?.threadID == thread, canCoalesceCurrent {
                return updateCurrent(with: item)
            }
            if let index = backlog.index(ofThread: thread) {
                let old = pinned ? backlog.remove(at: index) : backlog.replace(at: index, with: item)
                recentIDs.insert(old.id)
                emit(.dropped(old, .superseded))
                if !pinned { return }
            }
        }
        if phase == .idle {
            return show(item)
        }
        switch backlog.admit(item, pinned: pinned, capacity: configuration.capacity) {
        case .queued: break
        case .queuedEvicting(let evicted): emit(.dropped(evicted, .overflow))
        case .rejected: return emit(.dropped(item, .overflow))
        }
        if pinned { requestHide(.replaced) }
    }

    private var canCoalesceCurrent: Bool {
        (phase == .appearing || phase == .visible) && pendingHide == nil
    }

    private func updateCurrent(with item: BannerItem) {
        current = item
        recentIDs.insert(item.id)
        if phase == .visible { countdown.restart(duration: configuration.visibleDuration) }
        emit(.updated(item))
    }

    private func show(_ item: BannerItem) {
        phase = .appearing
        current = item
        pendingHide = nil
        isTouching = false
        recentIDs.insert(item.id)
        emit(.willShow(item))
        transition = clock.schedule(after: max(0, configuration.animationDuration)) { [weak self] in
            self?.finishShowing()
        }
    }

    private func finishShowing() {
        guard phase == .appearing, let item = current else { return }
        phase = .visible
        emit(.didShow(item))
        if let reason = pendingHide {
            pendingHide = nil
            beginHide(reason)
        } else {
            countdown.start(duration: configuration.visibleDuration, paused: isTouching) { [weak self] in
                self?.autoHideExpired()
            }
        }
        flush()
    }

    private func autoHideExpired() {
        guard phase == .visible else { return }
        beginHide(.timeout)
        flush()
    }

    /// Hides the banner on screen for `reason`: now if it is visible, right after it
    /// has appeared if it is appearing. Returns false when there is nothing to hide or
    /// it is already leaving.
    @discardableResult
    func requestHide(_ reason: BannerHideReason) -> Bool {
        switch phase {
        case .appearing where pendingHide == nil:
            pendingHide = reason
            isTouching = false
            return true
        case .visible:
            beginHide(reason)
            return true
        default:
            return false
        }
    }

    private func beginHide(_ reason: BannerHideReason) {
        guard let item = current else { return }
        countdown.cancel()
        isTouching = false
        phase = .hiding(reason)
        emit(.willHide(item, reason))
        transition = clock.schedule(after: max(0, configuration.animationDuration)) { [weak self] in
            self?.finishHiding()
        }
    }

    private func finishHiding() {
        guard case .hiding(let reason) = phase, let item = current else { return }
        current = nil
        pendingHide = nil
        isTouching = false
        let gap = max(0, configuration.gap)
        phase = gap > 0 ? .resting : .idle
        emit(.didHide(item, reason))
        if gap > 0 {
            transition = clock.schedule(after: gap) { [weak self] in self?.finishResting() }
        } else {
            showNext()
        }
        flush()
    }

    private func finishResting() {
        guard phase == .resting else { return }
        phase = .idle
        showNext()
        flush()
    }

    private func showNext() {
        guard phase == .idle, let next = backlog.popFirst() else { return }
        show(next)
    }

    /// Records an event; `flush()` delivers it.
    func emit(_ event: BannerEvent) {
        outbox.append(event)
    }

    /// Delivers the recorded events in order, unless a delivery is already under way
    /// further up the stack (a handler calling back in), which will deliver them.
    func flush() {
        guard !isFlushing else { return }
        isFlushing = true
        defer { isFlushing = false }
        while !outbox.isEmpty {
            onEvent(outbox.removeFirst())
        }
    }
}
