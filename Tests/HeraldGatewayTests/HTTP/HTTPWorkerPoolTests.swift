import Foundation
import HeraldShared
import Testing
@testable import HeraldHTTP

@Suite("handlers off the event loops: the worker pool, and a server whose handlers stall")
struct HTTPWorkerPoolTests {
    @Test("the pool runs jobs on its threads, refuses past its queue, and finishes what it holds")
    func pool() throws {
        let pool = HTTPWorkerPool(threads: 2, queueLimit: 2)
        let gate = Gate(open: false)
        let ran = Locked(0)
        let job: @Sendable () -> Void = {
            gate.pass()
            ran.withLock { $0 += 1 }
        }
        #expect(pool.submit(job) && pool.submit(job))
        let deadline = Date().addingTimeInterval(5)
        while gate.waitingCount < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(pool.submit(job) && pool.submit(job))
        #expect(gate.waitingCount == 2, "two running, two queued")
        #expect(!pool.submit {}, "the queue holds two")
        #expect(pool.pending == 4)
        #expect(!pool.finish(within: 0.2), "stuck jobs are not waited for past the timeout")
        #expect(!pool.submit {}, "a finishing pool takes nothing new")
        gate.open()
        #expect(pool.finish(within: 5))
        #expect(ran.current == 4, "what was queued still ran")
        #expect(pool.pending == 0)
    }

    /// A server with one event loop and two handler threads: `/stuck` waits at `gate` on a
    /// handler thread, `/fast` is answered on the loop.
    private static func server(gate: Gate, queue: Int = 8) throws -> HTTPServer {
        var configuration = HTTPServer.Configuration()
        configuration.threads = 1
        configuration.handlerThreads = 2
        configuration.handlerQueueLimit = queue
        configuration.handlerTimeoutSeconds = 1
        return try HTTPServer(address: ListenAddress(host: "127.0.0.1", port: 0), configuration: configuration) { request in
            guard request.path == "/stuck" else { return .respond(.json(200, ["fast": true])) }
            return .defer { _ in
                gate.pass()
                return .read(limit: 0) { _ in .json(200, ["stuck": false]) }
            }
        }
    }

    @Test(
        "handlers stuck on every handler thread: the loop still answers at once, each stuck request gets 503 with Retry-After at its deadline, and all is well once they return"
    )
    func stalledHandlers() async throws {
        let gate = Gate(open: false)
        let server = try Self.server(gate: gate)
        defer {
            gate.open()
            server.stop()
        }
        let port = server.port
        let (stuck, fast, fastSeconds) = try await blocking {
            let started = Date()
            let stuck = try (0..<3).map { _ in
                let fd = try RawHTTPClient.connectLoopback(port: port, timeout: 5)
                RawHTTPClient.sendAll(fd, Array("GET /stuck HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                return fd
            }
            defer { stuck.forEach { close($0) } }
            Thread.sleep(forTimeInterval: 0.2)
            let fastStarted = Date()
            let fast = try RawHTTPClient.request(port: port, "GET", "/fast", timeout: 5).status
            let fastSeconds = Date().timeIntervalSince(fastStarted)
            let answers = try stuck.map { fd in
                let reply = try RawHTTPClient.parse(RawHTTPClient.receiveAll(fd))
                return (reply, Date().timeIntervalSince(started))
            }
            return (answers, fast, fastSeconds)
        }
        #expect(fast == 200)
        #expect(fastSeconds < 0.5, "answered on the loop in \(fastSeconds) s while every handler thread was stuck")
        for (reply, seconds) in stuck {
            #expect(reply.status == 503)
            #expect(reply.headers["retry-after"] == "1")
            #expect(reply.json?["error"]?["code"] == "unavailable")
            #expect(seconds >= 0.9 && seconds < 2.5, "answered at the 1 s deadline, after \(seconds) s")
        }
        #expect(server.counters[.handlerTimeout] == 3)
        gate.open()
        let after = try await blocking { try RawHTTPClient.request(port: port, "GET", "/stuck", timeout: 5) }
        #expect(after.status == 200)
    }

    @Test("past the handler queue a request is answered 503 busy at once")
    func queueFull() async throws {
        let gate = Gate(open: false)
        let server = try Self.server(gate: gate, queue: 1)
        defer {
            gate.open()
            server.stop()
        }
        let port = server.port
        let (refused, seconds) = try await blocking {
            let held = try (0..<3).map { n in
                let fd = try RawHTTPClient.connectLoopback(port: port, timeout: 5)
                RawHTTPClient.sendAll(fd, Array("GET /stuck HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                let deadline = Date().addingTimeInterval(5)
                while gate.waitingCount < min(n + 1, 2), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
                return fd
            }
            defer { held.forEach { close($0) } }
            Thread.sleep(forTimeInterval: 0.1)  // two running, one queued
            let started = Date()
            let refused = try RawHTTPClient.request(port: port, "GET", "/stuck", timeout: 5)
            return (refused, Date().timeIntervalSince(started))
        }
        #expect(refused.status == 503)
        #expect(refused.json?["error"]?["code"] == "busy")
        #expect(refused.headers["retry-after"] == "1")
        #expect(seconds < 0.5)
        #expect(server.counters[.overloaded] == 1)
    }
}
