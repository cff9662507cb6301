import HeraldShared
import HeraldHTTPTestSupport
import Testing
@testable import HeraldHTTP

@Suite("HTTP connection state machine (virtual clock)")
struct HTTPConnectionTests {
    @Test("a head sent a byte at a time is cut at its deadline with a JSON 408, however steady the bytes")
    func slowHead() {
        let driver = ConnectionDriver()
        let head = "GET /healthz HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X-Slow: 1\r\n", count: 5)
        var sent = 0
        for byte in head.utf8 {
            driver.advance(to: Double(sent) * 0.5)  // a byte every half second: never idle
            if driver.connection.phase == .closed || driver.connection.hasOutput { break }
            driver.send([byte])
            sent += 1
        }
        #expect(sent == 20, "the 10 s deadline counts from the first byte (at 0 s), whatever comes after")
        let answer = driver.take()
        #expect(answer.hasPrefix("HTTP/1.1 408 "))
        #expect(answer.contains("\"code\":\"request_timeout\""))
        #expect(answer.contains("Content-Type: application/json"))
        #expect(driver.decisions.current.isEmpty)
    }

    @Test("a body must arrive within its own deadline after the head")
    func slowBody() {
        var settings = HTTPConnection.Settings.defaults
        settings.minTransferRate = 0
        let driver = ConnectionDriver(settings: settings)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 100\r\n\r\nabc")
        #expect(driver.connection.phase == .body)
        #expect(driver.budget.inUse == 100)
        driver.advance(to: 29.9)
        #expect(!driver.connection.hasOutput)
        driver.advance(to: 30)
        #expect(driver.take().hasPrefix("HTTP/1.1 408 "))
        #expect(driver.budget.inUse == 0, "the reservation is given back")
        #expect(driver.bodies.current.isEmpty)
    }

    /// Reads bodies up to 1 MiB with the server key's share.
    static let large: HTTPConnection.Decide = { _ in
        .read(limit: 1 << 20, owner: HTTPBodyOwner(keyed: true, server: true)) { _ in .json(200, [:]) }
    }

    @Test("a body trickling in slower than the minimum rate after its grace is cut off with 408; one keeping up goes on")
    func tricklingBody() {
        let driver = ConnectionDriver(decide: Self.large)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 100000\r\n\r\n")
        #expect(driver.budget.inUse == HTTPConnection.initialBodyRoom, "room for the first bytes, not the declared length")
        for second in 1...4 {
            driver.advance(to: Double(second))
            driver.send("x")
        }
        #expect(!driver.connection.hasOutput, "within the grace")
        driver.advance(to: 5.1)
        let answer = driver.take()
        #expect(answer.hasPrefix("HTTP/1.1 408 "))
        #expect(answer.contains("slower than 1024 bytes a second after its first 5 s"))
        #expect(driver.budget.inUse == 0)

        let steady = ConnectionDriver(decide: Self.large)
        steady.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 20000\r\n\r\n")
        for second in 1...9 {
            steady.advance(to: Double(second))
            steady.send(String(repeating: "x", count: 2000))
        }
        steady.advance(to: 9.9)
        #expect(!steady.connection.hasOutput, "2,000 bytes a second keeps up")
        steady.send(String(repeating: "x", count: 2000))
        #expect(steady.take().hasPrefix("HTTP/1.1 200 "))
    }

    @Test("a body's room grows as it arrives; one that outgrows the budget is answered 503 busy and its room given back")
    func growingBody() {
        let driver = ConnectionDriver(budget: 100_000, decide: Self.large)
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 200000\r\n\r\n")
        #expect(driver.budget.inUse == HTTPConnection.initialBodyRoom)
        driver.send(String(repeating: "x", count: 40_000))
        #expect(driver.budget.inUse == 40_000, "grown to what arrived")
        #expect(!driver.connection.hasOutput)
        driver.send(String(repeating: "x", count: 70_000))
        #expect(driver.take().hasPrefix("HTTP/1.1 503 "))
        #expect(driver.budget.inUse == 0)
    }

    @Test(
        "the key is checked on the head: a refused request's body is never read, the answer comes at once, and the connection lingers then closes"
    )
    func refusedBeforeBody() {
        let driver = ConnectionDriver()
        driver.send("POST /x HTTP/1.1\r\nContent-Length: 900\r\nExpect: 100-continue\r\n\r\n")
        let answer = driver.take()
        #expect(answer.hasPrefix("HTTP/1.1 401 "))
        #expect(!answer.contains("100 Continue"))
        #expect(answer.contains("Connection: close"))
        #expect(driver.budget.inUse == 0)
        #expect(driver.connection.phase == .lingering)
        #expect(driver.connection.needsWriteShutdown)
        driver.send(Array(repeating: 0x41, count: 900))  // dropped
        #expect(driver.bodies.current.isEmpty)
        driver.advance(to: 2)
        #expect(driver.connection.phase == .closed)
    }

    @Test("a declared length over the handler's limit is 413 before a byte of it is read")
    func declaredTooLarge() {
        let driver = ConnectionDriver()
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 5000\r\n\r\n")
        let answer = driver.take()
        #expect(answer.hasPrefix("HTTP/1.1 413 "))
        #expect(answer.contains("\"code\":\"payload_too_large\""))
        #expect(driver.budget.inUse == 0)
    }

    @Test("bodies past the memory budget are 503 busy before they are read; the budget comes back after the answer")
    func budget() {
        let first = ConnectionDriver(budget: 1500)
        first.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 1000\r\n\r\n")
        #expect(first.budget.inUse == 1000)
        let second = HTTPConnection(settings: .init(), budget: first.budget, now: 0) { _ in .read(limit: 1000) { _ in .json(200, [:]) } }
        Array("POST /x HTTP/1.1\r\nContent-Length: 600\r\n\r\n".utf8).withUnsafeBytes { second.receive($0, now: 0) }
        let refused = second.withOutput { String(decoding: $0, as: UTF8.self) }
        #expect(refused.hasPrefix("HTTP/1.1 503 "))
        #expect(refused.contains("Retry-After: 1"))
        first.send(Array(repeating: 0x20, count: 1000))
        #expect(first.take().hasPrefix("HTTP/1.1 200 "))
        #expect(first.budget.inUse == 0)
    }

    @Test("bodies of requests without a key share a small allowance: past it 503 busy before a byte is read, while keyed bodies still fit")
    func unkeyedAllowance() {
        let budget = HTTPBodyBudget(capacity: 3000, unkeyedCapacity: 1000)
        var open: [HTTPConnection] = []
        func post(_ length: Int, keyed: Bool) -> String {
            let connection = HTTPConnection(settings: .init(), budget: budget, now: 0) { _ in
                .read(limit: 1000, owner: keyed ? HTTPBodyOwner(keyed: true, server: true) : .unkeyed) { _ in .json(200, [:]) }
            }
            open.append(connection)
            Array("POST /x HTTP/1.1\r\nContent-Length: \(length)\r\n\r\n".utf8).withUnsafeBytes { connection.receive($0, now: 0) }
            return connection.hasOutput ? connection.withOutput { String(decoding: $0, as: UTF8.self) } : ""
        }
        #expect(post(600, keyed: false).isEmpty, "reading")
        let refused = post(600, keyed: false)
        #expect(refused.hasPrefix("HTTP/1.1 503 "))
        #expect(refused.contains("without a key"))
        #expect(refused.contains("Retry-After: 1"))
        #expect(budget.unkeyedInUse == 600)
        #expect(post(1000, keyed: true).isEmpty, "a keyed body fits beside them")
        #expect(post(1000, keyed: true).isEmpty)
        #expect(post(400, keyed: false).isEmpty, "the allowance's last 400 bytes")
        #expect(budget.inUse == 3000 && budget.unkeyedInUse == 1000)
        #expect(post(1, keyed: true).hasPrefix("HTTP/1.1 503 "), "the budget itself is full now")
        open[0].evict()
        #expect(budget.unkeyedInUse == 400, "an unkeyed body's room is given back to the allowance")
        #expect(post(600, keyed: false).isEmpty)
        open[2].evict()
        #expect(budget.inUse == 2000)
        #expect(post(700, keyed: false).hasPrefix("HTTP/1.1 503 "), "room in the budget, none left in the allowance")
        #expect(post(1000, keyed: true).isEmpty)
    }

    @Test("Expect: 100-continue is answered only once the head is accepted")
    func continueAfterAcceptance() {
        let driver = ConnectionDriver()
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
        #expect(driver.take() == "HTTP/1.1 100 Continue\r\n\r\n")
        driver.send("abc")
        #expect(driver.take().hasPrefix("HTTP/1.1 200 "))
        #expect(driver.bodies.current == [Array("abc".utf8)])
    }

    @Test("pipelined requests on one keep-alive connection are answered in order, one at a time")
    func pipelining() {
        let driver = ConnectionDriver()
        driver.send(
            "POST /a HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 2\r\n\r\nhiGET /b HTTP/1.1\r\n\r\nGET /c HTTP/1.1\r\nConnection: close\r\n\r\n"
        )
        let answers = driver.take()
        #expect(answers.components(separatedBy: "HTTP/1.1 ").count - 1 == 3)
        #expect(driver.decisions.current == ["POST /a", "GET /b", "GET /c"])
        #expect(driver.connection.phase == .lingering || driver.connection.phase == .closed)
    }

    @Test("requests sent a byte at a time, after blank lines, pipelined or not, are each read once and whole")
    func byteByByte() {
        let driver = ConnectionDriver()
        let text =
            "\r\n\r\nPOST /a HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 2\r\n\r\nhiGET /b?x=1 HTTP/1.1\r\nX: y\r\n\r\n"
        var answers = ""
        for byte in text.utf8 {
            driver.send([byte])
            answers += driver.take()
        }
        #expect(driver.decisions.current == ["POST /a", "GET /b"])
        #expect(driver.bodies.current == [Array("hi".utf8)])
        #expect(answers.components(separatedBy: "HTTP/1.1 ").count - 1 == 2)
    }

    @Test("HTTP/1.0 closes after its answer unless it asks to keep the connection")
    func http10() {
        let plain = ConnectionDriver()
        plain.send("GET /a HTTP/1.0\r\n\r\n")
        #expect(plain.take().contains("Connection: close"))
        #expect(plain.connection.phase == .closed)
        let kept = ConnectionDriver()
        kept.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(kept.take().contains("Connection: keep-alive"))
        #expect(kept.connection.phase == .idle)
    }

    @Test(
        "what the HTTP layer refuses is JSON in the API's error shape",
        arguments: [
            ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\r\n", 414, "uri_too_long"),
            ("GET / HTTP/1.1\r\nX: " + String(repeating: "v", count: 17000) + "\r\n\r\n", 431, "headers_too_large"),
            ("\u{1}\u{2}NOT HTTP\r\n\r\n", 400, "bad_request"),
            ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 411, "length_required"),
            ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, "bad_request"),
            ("POST / HTTP/1.1\r\nContent-Length: 1\r\nExpect: magic\r\n\r\n", 417, "expectation_failed"),
            ("GET / HTTP/3\r\n\r\n", 505, "http_version_not_supported"),
        ])
    func jsonErrors(request: String, status: Int, code: String) throws {
        let driver = ConnectionDriver()
        driver.send(request)
        let answer = driver.take()
        #expect(answer.hasPrefix("HTTP/1.1 \(status) "))
        #expect(answer.contains("Content-Type: application/json"))
        let body = try #require(answer.components(separatedBy: "\r\n\r\n").last)
        let json = try JSONParser().parse(Array(body.utf8))
        #expect(json["error"]?["code"]?.stringValue == code)
        #expect((json["error"]?["message"]?.stringValue ?? "").count > 10)
        #expect(driver.decisions.current.isEmpty, "no handler sees a refused request")
    }

    @Test("an idle keep-alive connection closes silently after the idle timeout; a client that stops reading is cut too")
    func idle() {
        let driver = ConnectionDriver()
        driver.send("GET /a HTTP/1.1\r\n\r\n")
        _ = driver.take()
        driver.advance(to: 29)
        #expect(driver.connection.phase == .idle)
        driver.advance(to: 30)
        #expect(driver.connection.phase == .closed)
        #expect(!driver.connection.hasOutput)

        let stuck = ConnectionDriver()
        stuck.send("GET /a HTTP/1.1\r\n\r\n")
        #expect(stuck.connection.hasOutput && !stuck.connection.wantsRead)
        stuck.advance(to: 30)
        #expect(stuck.connection.phase == .closed)
    }

    @Test("a connection waiting for its head reports since when, so the server can evict the longest waiting")
    func waiting() {
        let driver = ConnectionDriver()
        #expect(driver.connection.waitingSince == 0)
        driver.now = 5
        driver.send("POST /x HTTP/1.1\r\nAuthorization: Bearer good\r\nContent-Length: 5\r\n\r\n")
        #expect(driver.connection.waitingSince == nil, "a request whose head was accepted is not evicted")
    }

    @Test("answers not read yet are held within their budget: past it a large answer is a 503 busy; writing one gives its room back")
    func answerBudget() {
        let responses = HTTPResponseBudget(capacity: 100_000)
        let budget = HTTPBodyBudget(capacity: 1 << 20)
        func get() -> HTTPConnection {
            let connection = HTTPConnection(settings: .defaults, budget: budget, responses: responses, now: 0) { _ in
                .respond(HTTPResponse(status: 200, body: [UInt8](repeating: 0x61, count: 80_000)))
            }
            Array("GET /x HTTP/1.1\r\n\r\n".utf8).withUnsafeBytes { connection.receive($0, now: 0) }
            return connection
        }
        let first = get()
        #expect(responses.inUse > 80_000)
        let second = get()
        #expect(second.withOutput { String(decoding: $0, as: UTF8.self) }.hasPrefix("HTTP/1.1 503 "))
        #expect(second.withOutput { String(decoding: $0, as: UTF8.self) }.contains("not read yet"))
        let held = responses.inUse
        let size = first.withOutput { $0.count }
        first.wrote(size, now: 1)
        #expect(responses.inUse < held - 80_000, "the first answer's room is given back once written")
        let third = get()
        #expect(third.withOutput { String(decoding: $0, as: UTF8.self) }.hasPrefix("HTTP/1.1 200 "))
        third.tick(now: 200)
        #expect(third.phase == .closed, "an answer the client does not take closes its connection")
        withExtendedLifetime(second) {}
    }
}
