import HeraldShared
import HeraldHTTPTestSupport
import Testing
@testable import HeraldHTTP

/// A small body that arrives with its head goes with the deferred decision: when the
/// decision admits it, the handler runs in the same hand-off (one trip off the loop, not
/// two); whatever else the decision says is done on the loop as before.
@Suite("HTTP connection: a body buffered with its head (virtual clock)")
struct HTTPConnectionBufferedBodyTests {
    static func status(_ answer: String) -> Int? { HTTPConnectionWorkTests.status(answer) }

    /// A manual driver on the deferred key check, counting the jobs it ran.
    static func driver(budget: Int = 1 << 20, unkeyedBudget: Int? = nil) -> ConnectionDriver {
        ConnectionDriver(
            budget: budget, unkeyedBudget: unkeyedBudget, executor: TestExecutor(.manual), decide: HTTPConnectionWorkTests.deferred)
    }

    @Test("a body that came whole with its head: one hand-off runs the key check and the handler, the budget is given back")
    func oneHandOff() {
        let driver = Self.driver()
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 5\r\n\r\nhello")
        #expect(driver.executor.queued == 1)
        #expect(driver.budget.unkeyedInUse == 5, "the body's copy is held, as a body without a key yet, while the key is checked")
        driver.finishNext()
        #expect(driver.executor.queued == 0, "no second hand-off for the handler")
        let answer = driver.take()
        #expect(Self.status(answer) == 200)
        #expect(answer.contains("\"bytes\":5"))
        #expect(driver.budget.inUse == 0)
        #expect(driver.connection.phase == .idle, "kept alive for the next request")
    }

    @Test("pipelined requests with bodies: each body is consumed exactly, and every request is answered in order")
    func pipelinedBodies() {
        let driver = Self.driver()
        driver.send(
            "POST /a HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 3\r\n\r\nabc"
                + "POST /b HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 0\r\n\r\n"
                + "POST /c HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 2\r\nConnection: close\r\n\r\nxy")
        var answers: [String] = []
        var jobs = 0
        while driver.executor.queued > 0 {
            jobs += 1
            driver.finishNext()
            answers.append(driver.take())
        }
        #expect(jobs == 3, "one hand-off per request")
        #expect(answers.map { Self.status($0) } == [200, 200, 200])
        #expect(answers.map { $0.contains("\"path\":\"/a\"") && $0.contains("\"bytes\":3") } == [true, false, false])
        #expect(answers[1].contains("\"path\":\"/b\"") && answers[1].contains("\"bytes\":0"))
        #expect(answers[2].contains("\"path\":\"/c\"") && answers[2].contains("\"bytes\":2"))
        #expect(driver.connection.phase == .closed || driver.connection.phase == .lingering)
    }

    @Test("no room left for bodies without a key: the key is checked first, then the body is reserved and handed to the handler (two hand-offs)")
    func copyOverAllowance() {
        let driver = Self.driver(unkeyedBudget: 4)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 5\r\n\r\nhello")
        #expect(driver.budget.inUse == 0, "nothing held before the key is checked")
        driver.finishNext()
        #expect(driver.executor.queued == 1, "the handler, after the decision came back to the loop")
        #expect(driver.budget.inUse == 5)
        driver.finishNext()
        #expect(driver.take().contains("\"bytes\":5"))
        #expect(driver.budget.inUse == 0)
    }

    @Test("a wrong key with a buffered body: 401 from the decision, no handler runs, the connection closes")
    func refusedKey() {
        let driver = Self.driver()
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer bad\r\nContent-Length: 2\r\n\r\nhi")
        driver.finishNext()
        let answer = driver.take()
        #expect(Self.status(answer) == 401)
        #expect(driver.executor.queued == 0)
        #expect(driver.connection.phase == .lingering)
        #expect(driver.budget.inUse == 0)
    }

    @Test("a buffered body over the decision's limit: 413 as when the body is read after the decision")
    func overLimit() {
        let driver = Self.driver()
        let body = String(repeating: "x", count: 1001)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 1001\r\n\r\n" + body)
        driver.finishNext()
        #expect(Self.status(driver.take()) == 413)
        #expect(driver.executor.queued == 0)
    }

    @Test("a full budget with a buffered body: 503 busy on the loop, nothing held")
    func fullBudget() {
        let driver = Self.driver(budget: 4)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 5\r\n\r\nhello")
        driver.finishNext()
        let answer = driver.take()
        #expect(Self.status(answer) == 503)
        #expect(answer.contains("\"code\":\"busy\""))
        #expect(driver.budget.inUse == 0)
    }

    @Test("a body only partly in: the decision comes back to the loop, which reads the rest and hands the handler off")
    func partialBody() {
        let driver = Self.driver()
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 5\r\n\r\nhe")
        driver.finishNext()
        #expect(driver.connection.phase == .body)
        #expect(driver.budget.inUse == 5)
        driver.send("llo")
        #expect(driver.executor.queued == 1)
        driver.finishNext()
        #expect(driver.take().contains("\"bytes\":5"))
        #expect(driver.budget.inUse == 0)
    }

    @Test("a body held until the decision's result: the handler's deadline still applies, and a late result is dropped")
    func deadline() {
        let driver = Self.driver()
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 2\r\n\r\nhi")
        driver.advance(to: 10)
        #expect(Self.status(driver.take()) == 503)
        driver.finishNext()
        #expect(driver.take().isEmpty, "the job was dropped at the deadline")
    }
}
