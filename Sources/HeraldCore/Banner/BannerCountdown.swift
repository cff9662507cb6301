/// The auto-hide timer of the banner on screen: a one-shot countdown on the injected
/// clock that a touch can pause and resume with the time it had left.
@MainActor
final class BannerCountdown {
    private let clock: any HeraldClock
    private var action: (@MainActor () -> Void)?
    private var timer: ClockTimer?
    private var deadline: Double?
    /// Seconds left when last paused or started; `.infinity` never fires.
    private var stored: Double = 0
    /// Whether a touch holds the countdown.
    private(set) var isPaused = false

    init(clock: any HeraldClock) {
        self.clock = clock
    }

    /// Whether a countdown is set (running or paused).
    var isActive: Bool { action != nil }

    /// Seconds left before it fires, or `nil` when none is set.
    var remaining: Double? {
        guard isActive else { return nil }
        if let deadline { return max(0, deadline - clock.now) }
        return stored
    }

    /// Sets a countdown of `duration` seconds, paused from the start when `paused`.
    func start(duration: Double, paused: Bool, onExpire: @escaping @MainActor () -> Void) {
        cancel()
        action = onExpire
        stored = max(0, duration)
        isPaused = paused
        if !paused { run() }
    }

    /// Sets the time left back to `duration`, keeping it paused if it was.
    func restart(duration: Double) {
        guard isActive else { return }
        stored = max(0, duration)
        if isPaused {
            deadline = nil
        } else {
            run()
        }
    }

    /// Stops the countdown, keeping the time it had left.
    func pause() {
        guard isActive, !isPaused else { return }
        if let deadline { stored = max(0, deadline - clock.now) }
        timer?.cancel()
        timer = nil
        deadline = nil
        isPaused = true
    }

    /// Runs the countdown again for the time it had left when paused.
    func resume() {
        guard isActive, isPaused else { return }
        isPaused = false
        run()
    }

    /// Forgets the countdown; it will not fire.
    func cancel() {
        timer?.cancel()
        timer = nil
        deadline = nil
        action = nil
        isPaused = false
        stored = 0
    }

    private func run() {
        timer?.cancel()
        timer = nil
        deadline = nil
        guard stored.isFinite else { return }
        deadline = clock.now + stored
        timer = clock.schedule(after: stored) { [weak self] in self?.fire() }
    }

    private func fire() {
        let expired = action
        cancel()
        expired?()
    }
}
