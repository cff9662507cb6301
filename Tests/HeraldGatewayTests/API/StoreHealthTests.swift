import Foundation
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway

/// `/healthz`'s probe on a virtual clock: what it says while the store answers, fails, or
/// does not answer at all.
@Suite("the store's health probe")
struct StoreHealthTests {
    @Test(
        "healthy while the last probe succeeded and none has run over a second; 503 with the reason otherwise; healthy at the first probe that returns"
    )
    func probe() throws {
        let fixture = try StoreFixture(.sqlite)
        let flaky = FlakyStore(fixture.store)
        let clock = Locked(100.0)
        let health = StoreHealth(store: flaky, clock: { clock.current })
        #expect(health.status == .unavailable("the database has not answered a health check yet"))
        health.probe()
        #expect(health.status == .healthy)

        flaky.gate.close()
        let done = DispatchSemaphore(value: 0)
        Thread {
            health.probe()
            done.signal()
        }.start()
        let deadline = Date().addingTimeInterval(5)
        while flaky.gate.waitingCount == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        clock.withLock { $0 = 101 }
        #expect(health.status == .healthy, "a probe running for a second is not yet a stall")
        clock.withLock { $0 = 102.5 }
        #expect(health.status == .unavailable("the database has not answered a health check for 2 s"))
        let response = StoreHealth.response(health.status)
        #expect(response.status == 503)
        #expect(response.headers.contains { $0 == ("Retry-After", "1") })
        #expect(response.json?["status"] == "unavailable")
        #expect(response.json?["reason"]?.stringValue?.contains("has not answered") == true)

        flaky.gate.open()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(health.status == .healthy, "the stalled probe returned")

        flaky.down = true
        health.probe()
        #expect(health.status == .unavailable("the database cannot be reached now; retry later"))
        flaky.down = false
        health.probe()
        #expect(StoreHealth.response(health.status).json == ["status": "ok"])
    }

    @Test("the probing thread starts, probes every half second, and stops at once between probes")
    func thread() throws {
        let fixture = try StoreFixture(.sqlite)
        let flaky = FlakyStore(fixture.store)
        let health = StoreHealth(store: flaky)
        #expect(!health.isProbing)
        flaky.down = true
        health.start()
        #expect(health.isProbing)
        let deadline = Date().addingTimeInterval(5)
        while health.status == .unavailable("the database has not answered a health check yet"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(health.status == .unavailable("the database cannot be reached now; retry later"))
        flaky.down = false
        Thread.sleep(forTimeInterval: 0.8)
        #expect(health.status == .healthy, "probed again within half a second")
        let started = Date()
        health.stop()
        #expect(Date().timeIntervalSince(started) < 0.5)
        #expect(!health.isProbing)
    }
}
