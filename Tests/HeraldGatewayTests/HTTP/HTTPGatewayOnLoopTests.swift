import Foundation
import HeraldAPNsModel
import HeraldCore
import HeraldHTTPTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldHTTP

/// The API's head decisions on the event loop, on a virtual clock: what is answered there
/// without the store, and what waits for a handler thread (and gets 503 at its deadline).
@Suite("HTTP: the API's answers on the loop and off it (virtual clock)")
struct HTTPGatewayOnLoopTests {
    static func status(_ answer: String) -> Int? { Int(answer.dropFirst("HTTP/1.1 ".count).prefix(3)) }

    @Test(
        "console files, 404, 405, /metrics and a request without any key are answered on the loop, with no handler thread",
        arguments: [
            ("GET /console HTTP/1.1\r\n\r\n", 200), ("GET /console/app.js HTTP/1.1\r\n\r\n", 200),
            ("GET /console/nope.js HTTP/1.1\r\n\r\n", 404), ("GET /nope HTTP/1.1\r\n\r\n", 404),
            ("POST /healthz HTTP/1.1\r\nContent-Length: 0\r\n\r\n", 405), ("GET /metrics HTTP/1.1\r\n\r\n", 200),
            ("GET /v1/apps/app_test/devices/dev_1 HTTP/1.1\r\n\r\n", 401),
            ("POST /v1/apps/app_test/publishes HTTP/1.1\r\nAuthorization: Basic eDp5\r\nContent-Length: 2\r\n\r\n{}", 401),
        ])
    func onTheLoop(request: String, status: Int) throws {
        let harness = try APIHarness(.sqlite)
        let driver = ConnectionDriver(executor: TestExecutor(.manual), decide: harness.api.head)
        driver.send(request)
        #expect(Self.status(driver.take()) == status)
        #expect(driver.executor.queued == 0, "nothing waits for a handler thread")
    }

    @Test("a request with a key waits for a handler thread: answered when it runs, 503 with Retry-After when the deadline passes first")
    func offTheLoop() throws {
        let harness = try APIHarness(.sqlite)
        let request = "GET /v1/apps/\(harness.appID)/publishes HTTP/1.1\r\nAuthorization: Bearer \(harness.serverKey)\r\n\r\n"
        let answered = ConnectionDriver(executor: TestExecutor(.manual), decide: harness.api.head)
        answered.send(request)
        #expect(answered.take().isEmpty)
        #expect(answered.executor.queued == 1, "the key check, and the handler with it (the request has no body to wait for)")
        answered.finishNext()
        #expect(answered.executor.queued == 0)
        #expect(Self.status(answered.take()) == 200)

        let stalled = ConnectionDriver(executor: TestExecutor(.manual), decide: harness.api.head)
        stalled.send(request)
        stalled.advance(to: 10)
        let answer = stalled.take()
        #expect(Self.status(answer) == 503)
        #expect(answer.contains("Retry-After: 1\r\n"))
        #expect(answer.contains("\"code\":\"unavailable\""))

        let wrong = ConnectionDriver(executor: TestExecutor(.manual), decide: harness.api.head)
        wrong.send("POST /v1/apps/\(harness.appID)/publishes HTTP/1.1\r\nAuthorization: Bearer hsk_wrong\r\nContent-Length: 900\r\n\r\n")
        wrong.finishNext()
        #expect(Self.status(wrong.take()) == 401, "a wrong key is refused off the loop, before the body")
        #expect(wrong.budget.inUse == 0)
    }

    @Test("/healthz is answered on the loop from the probe: 503 with the reason while the store does not answer, 200 once it does")
    func healthOnTheLoop() throws {
        let fixture = try StoreFixture(.sqlite)
        let flaky = FlakyStore(fixture.store)
        let clock = Locked(100.0)
        let health = StoreHealth(store: flaky, clock: { clock.current })
        health.probe()
        let api = GatewayAPI(store: flaky, health: health)
        health.start()
        defer {
            flaky.gate.open()
            health.stop()
        }
        let check = {
            let driver = ConnectionDriver(executor: TestExecutor(.manual), decide: api.head)
            driver.send("GET /healthz HTTP/1.1\r\n\r\n")
            #expect(driver.executor.queued == 0)
            return driver.take()
        }
        #expect(Self.status(check()) == 200)
        flaky.gate.close()
        let deadline = Date().addingTimeInterval(5)
        while flaky.gate.waitingCount == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        clock.withLock { $0 = 103 }
        let stalled = check()
        #expect(Self.status(stalled) == 503)
        #expect(stalled.contains("Retry-After: 1\r\n"))
        #expect(stalled.contains("\"reason\":\"the database has not answered a health check for 3 s\""))
        flaky.gate.open()
        while Self.status(check()) != 200, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(Self.status(check()) == 200)
    }
}
