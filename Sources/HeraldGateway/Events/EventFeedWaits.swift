import Foundation
import HeraldHTTP
import HeraldShared

/// The feed's long polls (`wait`). A request with nothing to read yet is parked
/// (`HTTPLaterAnswer`): it holds no handler thread while it waits. One thread looks at
/// every parked request's log every `interval` seconds of the injected clock (which also
/// finds events other gateways commit) and answers each once it has events, or with none
/// at its end. At most `maxWaiting` wait at once, `perApp` of one app: a request past
/// either is answered at once with what there is, as without `wait`.
public final class EventFeedWaits: Sendable {
    public let maxWaiting: Int
    public let perApp: Int
    /// The longest wait granted.
    public let longest: Double
    let interval: Double
    private let clock: any ServerClock

    /// One parked request: its app, its end on the clock, its answer, and its poll (nil:
    /// nothing yet; else the answer).
    struct Waiter {
        var app: String
        var end: Double
        var later: HTTPLaterAnswer
        var poll: @Sendable (_ last: Bool) -> HTTPResponse?
    }
    private struct State {
        var waiters: [Waiter] = []
        var running = false
    }
    private let state = Locked(State())

    public init(maxWaiting: Int = 64, perApp: Int = 4, longest: Double = 30, interval: Double = 0.25, clock: any ServerClock = LiveServerClock()) {
        self.maxWaiting = maxWaiting
        self.perApp = perApp
        self.longest = longest
        self.interval = interval
        self.clock = clock
    }

    /// Requests parked now.
    public var waiting: Int { state.withLock { $0.waiters.count } }

    /// Parks a request of `app` for `seconds` (at most `longest`): `poll(last)` is asked
    /// every interval, and at the end with `last` true, where it must answer. Nil when
    /// there is no room: the caller answers at once.
    func park(app: String, seconds: Double, _ poll: @escaping @Sendable (_ last: Bool) -> HTTPResponse?) -> HTTPResponse? {
        let wait = min(seconds, longest)
        // The connection waits a little longer than the poll, which answers first.
        let later = HTTPLaterAnswer(timeout: wait + 5)
        let start = state.withLock { state -> Bool? in
            guard state.waiters.count < maxWaiting, state.waiters.filter({ $0.app == app }).count < perApp else { return nil }
            state.waiters.append(Waiter(app: app, end: clock.now + wait, later: later, poll: poll))
            defer { state.running = true }
            return !state.running
        }
        guard let start else { return nil }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "herald-feed-waits"
            thread.start()
        }
        return .later(later)
    }

    private func run() {
        while true {
            let tick = DispatchSemaphore(value: 0)
            clock.schedule(after: interval) { tick.signal() }
            tick.wait()
            let waiters = state.withLock { $0.waiters }
            var answered = Set<ObjectIdentifier>()
            for waiter in waiters {
                if waiter.later.isAbandoned {
                    answered.insert(ObjectIdentifier(waiter.later))
                    continue
                }
                let last = clock.now >= waiter.end
                guard let response = waiter.poll(last) ?? (last ? HTTPResponse.error(503, code: "unavailable", message: "the feed could not be read; try again") : nil)
                else { continue }
                waiter.later.answer(response)
                answered.insert(ObjectIdentifier(waiter.later))
            }
            let done = state.withLock { state -> Bool in
                state.waiters.removeAll { answered.contains(ObjectIdentifier($0.later)) }
                if state.waiters.isEmpty { state.running = false }
                return !state.running
            }
            if done { return }
        }
    }
}
