import Testing

@testable import HeraldCore

@Suite("Runtime: presentations held for uiReady()")
@MainActor
struct RuntimeHeldPresentationTests {
    func heldWarnings(_ logger: CollectingLogger) -> [String] {
        logger.lines.filter { $0.contains("waiting for uiReady()") }
    }

    @Test("active without uiReady(): the held banners are reported through the logger after 5 s, once")
    func forgottenUIReady() throws {
        let logger = CollectingLogger()
        let h = try RuntimeHarness(logger: logger)
        h.runtime.setState(.active)
        h.runtime.willPresent(push("n1"))
        h.clock.advance(by: 2)
        h.runtime.willPresent(push("n2"))
        h.clock.advance(by: 2.999)
        #expect(heldWarnings(logger).isEmpty)
        h.clock.advance(by: 0.001)
        #expect(heldWarnings(logger) == [
            "warning: herald: 2 foreground presentations held for 5.0 s of being active, waiting for uiReady(); "
                + "call uiReady() once the root view controller exists"
        ])
        h.clock.advance(by: 60)
        #expect(heldWarnings(logger).count == 1)
        #expect(h.kinds == ["received", "buffered.presentation", "received", "buffered.presentation"])
    }

    @Test("uiReady() in time, or the app leaving the foreground first, says nothing")
    func readyInTime() throws {
        let logger = CollectingLogger()
        let h = try RuntimeHarness(RuntimeConfiguration(heldPresentationWarning: 3), logger: logger)
        h.runtime.setState(.active)
        h.runtime.willPresent(push("n1"))
        h.clock.advance(by: 2)
        h.runtime.uiReady()
        h.clock.advance(by: 10)
        #expect(h.shownBanners.map(\.id) == ["n1"])

        let other = try RuntimeHarness(RuntimeConfiguration(heldPresentationWarning: 3), logger: logger)
        other.runtime.setState(.active)
        other.runtime.willPresent(push("n2"))
        other.clock.advance(by: 1)
        other.runtime.setState(.background)
        other.clock.advance(by: 10)
        #expect(heldWarnings(logger).isEmpty)
    }

    @Test("the seconds count from becoming active again: time spent inactive does not count")
    func countsFromActivation() throws {
        let logger = CollectingLogger()
        let h = try RuntimeHarness(logger: logger)
        h.runtime.setState(.active)
        h.runtime.willPresent(push("n1"))
        h.clock.advance(by: 4)
        h.runtime.setState(.inactive)
        h.clock.advance(by: 30)
        #expect(heldWarnings(logger).isEmpty)
        h.runtime.setState(.active)
        h.clock.advance(by: 4.999)
        #expect(heldWarnings(logger).isEmpty)
        h.clock.advance(by: 0.001)
        #expect(heldWarnings(logger).count == 1)
    }
}
