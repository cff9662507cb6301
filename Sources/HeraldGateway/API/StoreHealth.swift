import Foundation
import HeraldHTTP
import HeraldShared
import HeraldStore

/// The store's health as `/healthz` tells it, without ever waiting on the store: a thread
/// of its own asks the store a cheap question (`app(id: "")`) every `interval` seconds,
/// and `/healthz` reads the answer on the event loop. Healthy when the last probe
/// succeeded and none has been running for more than `stall` seconds, so a frozen
/// database makes `/healthz` 503 within about a second, whatever the store's own
/// deadlines, and healthy again at the first probe that returns.
public final class StoreHealth: Sendable {
    public enum Status: Equatable, Sendable {
        case healthy
        /// Why not, in words a client may read (the store's detail goes to the log).
        case unavailable(String)
    }

    public let interval: Double
    public let stall: Double
    private let store: any GatewayStore
    /// Seconds on a monotonic clock.
    private let clock: @Sendable () -> Double

    private struct State {
        /// When the probe running now started; nil when none runs.
        var running: Double?
        /// The last probe's answer; nil before the first.
        var last: Status?
        var started = false
        var stopping = false
    }

    private let state = Locked(State())
    private let wake = NSCondition()
    private let ended = DispatchSemaphore(value: 0)

    public init(
        store: any GatewayStore, interval: Double = 0.5, stall: Double = 1,
        clock: @escaping @Sendable () -> Double = { LiveServerClock().now }
    ) {
        self.store = store
        self.interval = interval
        self.stall = stall
        self.clock = clock
    }

    /// Asks the store once, on this thread, and records the answer.
    public func probe() {
        let started = clock()
        state.withLock { $0.running = started }
        let answer: Status
        do {
            _ = try store.app(id: "", includingCredentials: false)
            answer = .healthy
        } catch {
            answer = .unavailable(GatewayAPI.apiError(for: error).message)
        }
        state.withLock { state in
            state.last = answer
            if state.running == started { state.running = nil }
        }
    }

    /// Probes every `interval` seconds on a thread of its own until `stop`.
    public func start() {
        let starting = state.withLock { state in
            let starting = !state.started && !state.stopping
            state.started = true
            return starting
        }
        guard starting else { return }
        let thread = Thread { [self] in
            while !state.current.stopping {
                probe()
                wake.lock()
                if !state.current.stopping { _ = wake.wait(until: Date().addingTimeInterval(interval)) }
                wake.unlock()
            }
            ended.signal()
        }
        thread.name = "herald-health"
        thread.start()
    }

    /// Whether the probing thread runs (then `/healthz` is answered from it, on the loop).
    public var isProbing: Bool { state.withLock { $0.started && !$0.stopping } }

    /// Stops the thread: at once between probes; a probe the store holds is waited for up
    /// to `stall` seconds, then left to end on its own.
    public func stop() {
        let started = state.withLock { state in
            defer { state.stopping = true }
            return state.started && !state.stopping
        }
        guard started else { return }
        wake.withLock { wake.broadcast() }
        _ = ended.wait(timeout: .now() + stall)
    }

    /// The health now, from the last probe and the one running.
    public var status: Status { status(at: clock()) }

    /// The health at `now` (on the probe's clock).
    public func status(at now: Double) -> Status {
        state.withLock { state in
            if let running = state.running, now - running > stall {
                let seconds = max(1, Int((now - running).rounded(.down)))
                return .unavailable("the database has not answered a health check for \(seconds) s")
            }
            return state.last ?? .unavailable("the database has not answered a health check yet")
        }
    }

    /// `/healthz`'s answer for `status`: 200 `{"status": "ok"}`, or 503
    /// `{"status": "unavailable", "reason"}` with Retry-After.
    static func response(_ status: Status) -> HTTPResponse {
        switch status {
        case .healthy:
            return .json(200, ["status": "ok"])
        case .unavailable(let reason):
            var response = HTTPResponse.json(503, ["status": "unavailable", "reason": .string(reason)])
            response.headers.append(("Retry-After", "1"))
            return response
        }
    }
}
