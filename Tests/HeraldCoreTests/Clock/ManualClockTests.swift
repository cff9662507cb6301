import HeraldCore
import HeraldTestSupport
import Testing

/// The two clocks moved by hand, the device's `VirtualClock` and the tests'
/// `ManualServerClock`, keep their timers in one `TimerQueue`: each runs what falls due in
/// time order, ties in the order scheduled, with `now` at the action's own time, skips
/// cancelled timers, and runs an action scheduled on the way once it falls due.
@Suite("Manual clocks: time order, ties, cancellation")
struct ManualClockTests {
    @Test("VirtualClock runs due actions in time order, ties as scheduled, each at its own time, cancelled ones never")
    @MainActor
    func virtualClock() {
        let clock = VirtualClock(now: 10)
        var ran: [String] = []
        clock.schedule(after: 3) { ran.append("c at \(clock.now)") }
        clock.schedule(after: 1) {
            ran.append("a at \(clock.now)")
            clock.schedule(after: 1) { ran.append("again at \(clock.now)") }
        }
        clock.schedule(after: 1) { ran.append("b at \(clock.now)") }
        let cancelled = clock.schedule(after: 2) { ran.append("cancelled") }
        clock.schedule(after: 5) { ran.append("late") }
        cancelled.cancel()
        #expect(clock.pendingCount == 4)
        #expect(clock.nextDeadline == 11)

        clock.advance(by: 3)
        #expect(ran == ["a at 11.0", "b at 11.0", "again at 12.0", "c at 13.0"])
        #expect(clock.now == 13)
        #expect(clock.pendingCount == 1)
        #expect(clock.nextDeadline == 15)
    }

    @Test("ManualServerClock runs due actions in time order, ties as scheduled, each at its own time, cancelled ones never")
    func manualServerClock() {
        let clock = ManualServerClock(now: 10)
        let ran = Locked<[String]>([])
        clock.schedule(after: 3) { ran.withLock { $0.append("c at \(clock.now)") } }
        clock.schedule(after: 1) {
            ran.withLock { $0.append("a at \(clock.now)") }
            clock.schedule(after: 1) { ran.withLock { $0.append("again at \(clock.now)") } }
        }
        clock.schedule(after: 1) { ran.withLock { $0.append("b at \(clock.now)") } }
        let cancelled = clock.schedule(after: 2) { ran.withLock { $0.append("cancelled") } }
        clock.schedule(after: 5) { ran.withLock { $0.append("late") } }
        cancelled.cancel()
        #expect(clock.pendingCount == 4)
        #expect(clock.nextDeadline == 11)

        clock.advance(by: 3)
        #expect(ran.current == ["a at 11.0", "b at 11.0", "again at 12.0", "c at 13.0"])
        #expect(clock.now == 13)
        #expect(clock.pendingCount == 1)
        #expect(clock.nextDeadline == 15)
    }
}
