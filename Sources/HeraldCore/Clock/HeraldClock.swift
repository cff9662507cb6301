/// Time for every timer in Herald: banner auto-hide, decision timeouts, retry
/// backoff, token refresh, Service Extension deadlines. Apps use `LiveClock`;
/// tests and `herald simulate` use `VirtualClock` and move time by hand.
@MainActor
public protocol HeraldClock: AnyObject {
    /// Seconds since an arbitrary origin; only differences matter.
    var now: Double { get }

    /// Runs `action` once, `delay` seconds from now, unless the returned timer is cancelled.
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ClockTimer
}

/// A scheduled action that can be cancelled; cancelling twice or after it ran does nothing.
@MainActor
public final class ClockTimer {
    private var onCancel: (() -> Void)?
    public private(set) var isCancelled = false

    public init(onCancel: (() -> Void)? = nil) {
        self.onCancel = onCancel
    }

    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        onCancel?()
        onCancel = nil
    }
}
