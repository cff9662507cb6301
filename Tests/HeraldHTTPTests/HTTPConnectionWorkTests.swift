import HeraldShared
import HeraldHTTPTestSupport
import Testing
@testable import HeraldHTTP

/// The connection's work off the event loop (key checks, handlers), with the test deciding
/// when each job runs: deadlines, late results, refusals, pipelining and the body budget.
@Suite("HTTP connection: work handed off the loop (virtual clock)")
struct HTTPConnectionWorkTests {
    /// A decision that needs the store: deferred, then the key is checked there (`Bearer
    /// good`), then a body of up to 1000 bytes is read and answered on the pool.
    static let deferred: HTTPConnection.Decide = { request in
        .defer { request in
            guard request.header("authorization") == "Bearer good" else {
                return .respond(.json(401, ["error": ["code": "unauthorized", "message": "no"]]))
            }
            return .read(limit: 1000, owner: HTTPBodyOwner(keyed: true, server: true)) { request in
                .json(200, ["path": .string(request.path), "bytes": .int(request.body.count)])
            }
        }
    }

    static func status(_ answer: String) -> Int? {
        Int(answer.dropFirst("HTTP/1.1 ".count).prefix(3))
    }

    @Test(
        "a handler that never finishes: 503 unavailable with Retry-After at the handler deadline, the connection closes, the loop never waited"
    )
    func handlerNeverFinishes() throws {
        let driver = ConnectionDriver(executor: TestExecutor(.manual))
        driver.send("GET /x HTTP/1.1\r\nAuthorization: Bearer good\r\n\r\n")
        #expect(driver.connection.phase == .working)
        #expect(driver.executor.queued == 1)
        #expect(!driver.connection.wantsRead, "nothing more is read while the handler runs")
        #expect(driver.connection.deadline == 10)
        driver.advance(to: 9.9)
        #expect(!driver.connection.hasOutput)
        driver.advance(to: 10)
        let answer = driver.take()
        #expect(answer.hasPrefix("HTTP/1.1 503 "))
        #expect(answer.contains("Retry-After: 1\r\n"))
        #expect(answer.contains("Connection: close"))
        let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
        #expect(try JSONParser().parse(Array(body.utf8))["error"]?["code"] == "unavailable")
        #expect(driver.connection.phase == .lingering)
        driver.advance(to: 12)
        #expect(driver.connection.phase == .closed)
    }

    @Test("the handler timeout is a setting")
    func handlerTimeoutSetting() {
        var settings = HTTPConnection.Settings()
        settings.handlerTimeout = 2
        let driver = ConnectionDriver(settings: settings, executor: TestExecutor(.manual))
        driver.now = 5
        driver.send("GET /x HTTP/1.1\r\nAuthorization: Bearer good\r\n\r\n")
        driver.advance(to: 6.9)
        #expect(!driver.connection.hasOutput)
        driver.advance(to: 7)
        #expect(Self.status(driver.take()) == 503)
    }

    @Test("a result after the deadline is dropped: one answer only, and a job not started by then never runs")
    func lateResultDropped() {
        let ran = Locked(0)
        let driver = ConnectionDriver(executor: TestExecutor(.manual)) { _ in
            .read(limit: 0) { _ in
                ran.withLock { $0 += 1 }
                return .json(200, [:])
            }
        }
        driver.send("GET /x HTTP/1.1\r\n\r\n")
        driver.advance(to: 10)
        let answer = driver.take()
        #expect(Self.status(answer) == 503)
        driver.finishNext()
        #expect(ran.current == 0, "the job was dropped at the deadline, not run")
        #expect(!driver.connection.hasOutput)

        // A job that ran before the deadline but whose result reaches the loop after it.
        let started = ConnectionDriver(executor: TestExecutor(.manual)) { _ in .read(limit: 0) { _ in .json(200, [:]) } }
        started.send("GET /x HTTP/1.1\r\n\r\n")
        started.executor.runNext()  // its result waits for the loop's next turn
        started.advance(to: 10)  // that turn applies the deadline first, then delivers the result
        let answers = started.take()
        #expect(answers.hasPrefix("HTTP/1.1 503 "))
        #expect(answers.components(separatedBy: "HTTP/1.1 ").count - 1 == 1, "one answer: \(answers)")
    }

    @Test("pipelined requests wait, unread, behind the one being handled, and are answered in order as their jobs finish")
    func pipelinedInOrder() {
        let driver = ConnectionDriver(executor: TestExecutor(.manual), decide: Self.deferred)
        driver.send(
            "GET /a HTTP/1.1\r\nAuthorization: Bearer good\r\n\r\n"
                + "POST /b HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 2\r\n\r\nhi"
                + "GET /c HTTP/1.1\r\nAuthorization: Bearer good\r\nConnection: close\r\n\r\n")
        #expect(driver.executor.queued == 1, "one request at a time")
        #expect(!driver.connection.wantsRead)
        var paths: [String] = []
        var statuses: [Int] = []
        while driver.executor.queued > 0 {
            driver.finishNext()
            let answer = driver.take()
            if answer.isEmpty { continue }  // a decision: the body is read, the handler queued
            statuses.append(Self.status(answer) ?? 0)
            let body = answer.components(separatedBy: "\r\n\r\n").last ?? ""
            paths.append((try? JSONParser().parse(Array(body.utf8)))?["path"]?.stringValue ?? "?")
        }
        #expect(paths == ["/a", "/b", "/c"])
        #expect(statuses == [200, 200, 200])
        #expect(driver.connection.phase == .closed || driver.connection.phase == .lingering)
    }

    @Test("a deferred decision: the body is not read, and no 100 Continue sent, until the key is checked off the loop")
    func deferredKeyCheck() {
        let driver = ConnectionDriver(executor: TestExecutor(.manual), decide: Self.deferred)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\nab")
        #expect(driver.take().isEmpty, "nothing before the decision")
        #expect(driver.budget.inUse == 0, "no room taken before the key is checked")
        driver.finishNext()
        #expect(driver.take() == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(driver.budget.inUse == 3)
        #expect(driver.connection.phase == .body)
        driver.send("c")
        #expect(driver.executor.queued == 1)
        driver.finishNext()
        #expect(driver.take().contains("\"bytes\":3"))
        #expect(driver.budget.inUse == 0)

        let refused = ConnectionDriver(executor: TestExecutor(.manual), decide: Self.deferred)
        refused.send("POST /x HTTP/1.1\r\nAuthorization: Bearer bad\r\nContent-Length: 900\r\nExpect: 100-continue\r\n\r\n")
        refused.finishNext()
        let answer = refused.take()
        #expect(answer.hasPrefix("HTTP/1.1 401 "))
        #expect(!answer.contains("100 Continue"))
        #expect(refused.connection.phase == .lingering, "the body is never read")
        #expect(refused.budget.inUse == 0)
    }

    @Test("a deferred decision that admits a body too large for its limit: 413, nothing read")
    func deferredTooLarge() {
        let driver = ConnectionDriver(executor: TestExecutor(.manual), decide: Self.deferred)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 5000\r\n\r\n")
        driver.finishNext()
        #expect(driver.take().hasPrefix("HTTP/1.1 413 "))
        #expect(driver.budget.inUse == 0)
    }

    @Test("a body's room in the budget is held while its handler waits and runs, and given back when it answers")
    func budgetHeldUntilAnswered() {
        let driver = ConnectionDriver(budget: 1500, executor: TestExecutor(.manual))
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 1000\r\n\r\n")
        driver.send(Array(repeating: 0x20, count: 1000))
        #expect(driver.connection.phase == .working)
        #expect(driver.budget.inUse == 1000, "the body is held by the handler's job")
        driver.finishNext()
        #expect(driver.budget.inUse == 0)
        #expect(driver.take().hasPrefix("HTTP/1.1 200 "))
    }

    @Test("a body whose handler misses its deadline: its room comes back when the job is dropped, or when a late job ends")
    func budgetAfterDeadline() throws {
        let queued = ConnectionDriver(budget: 1500, executor: TestExecutor(.manual))
        queued.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 1000\r\n\r\n")
        queued.send(Array(repeating: 0x20, count: 1000))
        queued.advance(to: 10)
        #expect(queued.take().hasPrefix("HTTP/1.1 503 "))
        #expect(queued.budget.inUse == 0, "the job had not started: dropped with its body")
        queued.finishNext()
        #expect(queued.bodies.current.isEmpty)

        // A job a worker took before the deadline keeps the body's room until it ends.
        let budget = HTTPBodyBudget(capacity: 1500)
        let duringRun = Locked<(() -> Void)?>(nil)
        let heldWhileRunning = Locked(-1)
        let connection = HTTPConnection(settings: .init(), budget: budget, now: 0) { _ in
            .read(limit: 1000) { request in
                duringRun.current?()  // the deadline passes while the handler runs
                heldWhileRunning.withLock { $0 = budget.inUse }
                return .json(200, ["bytes": .int(request.body.count)])
            }
        }
        duringRun.withLock { $0 = { connection.tick(now: 10) } }
        Array("POST /x HTTP/1.1\r\nContent-Length: 1000\r\n\r\n".utf8).withUnsafeBytes { connection.receive($0, now: 0) }
        [UInt8](repeating: 0x20, count: 1000).withUnsafeBytes { connection.receive($0, now: 0) }
        let work = try #require(connection.takeWork())
        let result = work.run()
        #expect(heldWhileRunning.current == 1000, "the running handler still holds the body")
        #expect(budget.inUse == 0, "given back when it ended")
        if let result { connection.finished(work.id, result, now: 10) }
        let answer = connection.withOutput { String(decoding: $0, as: UTF8.self) }
        #expect(answer.hasPrefix("HTTP/1.1 503 "), "the deadline's answer, not the late one")
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count - 1 == 1)
        duringRun.withLock { $0 = nil }
    }

    @Test("work the pool's queue refuses: 503 busy with Retry-After at once, the body's room given back")
    func queueFull() {
        let executor = TestExecutor(.manual)
        executor.accepting.withLock { $0 = false }
        let driver = ConnectionDriver(executor: executor)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 4\r\n\r\nbody")
        let answer = driver.take()
        #expect(answer.hasPrefix("HTTP/1.1 503 "))
        #expect(answer.contains("Retry-After: 1"))
        #expect(answer.contains("\"code\":\"busy\""))
        #expect(driver.budget.inUse == 0)
    }

    @Test("a connection closed while its work waits drops the work (and its body); its result later changes nothing")
    func evictedWhileWorking() {
        let driver = ConnectionDriver(executor: TestExecutor(.manual))
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 2\r\n\r\nhi")
        #expect(driver.budget.inUse == 2)
        #expect(driver.connection.waitingSince == nil, "a request being handled is not evicted to make room")
        driver.connection.evict()
        #expect(driver.budget.inUse == 0)
        driver.finishNext()
        #expect(driver.bodies.current.isEmpty)
        #expect(!driver.connection.hasOutput)
        #expect(driver.connection.phase == .closed)
    }

    @Test("the client ending its side while its request is handled: the answer still goes out, then the connection closes")
    func peerEndsWhileWorking() {
        let driver = ConnectionDriver(executor: TestExecutor(.manual))
        driver.send("GET /x HTTP/1.1\r\nAuthorization: Bearer good\r\n\r\n")
        driver.connection.receivedEnd(now: 0)
        driver.finishNext()
        #expect(driver.take().hasPrefix("HTTP/1.1 200 "))
        #expect(driver.connection.phase == .closed)
    }
}
