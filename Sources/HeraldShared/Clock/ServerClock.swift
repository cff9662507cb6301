import Dispatch
import Foundation

/// The clock of server code (the APNs client, the gateway): `Sendable`, used from any
/// thread or task, never the main actor. Apps and the device runtime use `HeraldClock`,
/// whose actions run on the main actor; a server has no main actor to wait for.
public protocol ServerClock: Sendable {
    /// Seconds since an arbitrary origin; only differences matter.
    var now: Double { get }

    /// Runs `action` once, `delay` seconds from now, on no particular thread, unless the
    /// returned timer is cancelled first.
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ServerTimer
}

extension ServerClock {
    /// Suspends for `seconds` on this clock.
    public func sleep(_ seconds: Double) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            schedule(after: seconds) { continuation.resume() }
        }
    }
}

/// A scheduled action of a `ServerClock`; cancelling twice, or after it ran, does nothing.
public final class ServerTimer: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public var isCancelled: Bool { lock.withLock { cancelled } }

    /// The clock skips the action of a cancelled timer.
    public func cancel() {
        lock.withLock { cancelled = true }
    }
}

/// The real server clock: monotonic time, actions on a global dispatch queue.
public struct LiveServerClock: ServerClock {
    public init() {}

    public var now: Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @Sendable () -> Void) -> ServerTimer {
        let timer = ServerTimer()
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0, delay)) {
            if !timer.isCancelled { action() }
        }
        return timer
    }
}
