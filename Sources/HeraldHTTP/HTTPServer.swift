import CPoller
import Foundation
import HeraldShared

#if canImport(Glibc)
    import Glibc
#endif

/// Herald's HTTP/1.1 server: a few event-loop threads on epoll sharing one listening
/// socket, and a pool of handler threads. Every request gets a deadline for its head, one
/// for its body and one for its handler; the handler decides on the head (key, route,
/// declared length) before any body is read; what needs the store (key checks, handlers)
/// runs on the pool, never on a loop, so a stalled store leaves the loops serving; bodies
/// held at once fit a memory budget; connections are capped in all and per client
/// address; and everything the HTTP layer refuses is answered in the API's JSON error
/// shape.
public final class HTTPServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// Event-loop threads; each serves many connections (reads, writes, deadlines).
        public var threads: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)
        /// Threads that run handlers and the head decisions that need the store (key
        /// checks), off the event loops. Each may hold a store connection.
        public var handlerThreads: Int = 16
        /// Requests waiting for a handler thread at once; past it 503 `busy` at once.
        public var handlerQueueLimit: Int = 1024
        /// Seconds a request may wait for its key check or its handler (queued and
        /// running); past it 503 `unavailable` with Retry-After, and the connection closes.
        public var handlerTimeoutSeconds: Double = 10
        /// Connections open at once. Past it, a new connection replaces the one that has
        /// waited longest (over a second) for its request, or is answered 503.
        public var connectionLimit: Int = 1024
        /// Seconds a connection must have waited for its request head before a new
        /// connection may take its slot when the server is full.
        public var evictAfterSeconds: Double = 1
        /// Connections open at once from one client address (0: no cap). Behind a proxy
        /// every connection has the proxy's address: raise it or set 0 there.
        public var connectionsPerAddress: Int = 256
        /// Seconds a connection may wait for a request, or for the client to read an answer.
        public var timeoutSeconds: Double = 30
        /// Seconds from a request's first byte to the end of its head.
        public var headTimeoutSeconds: Double = 10
        /// Seconds from the end of a request's head to the end of its body.
        public var bodyTimeoutSeconds: Double = 30
        /// Bytes a second a body must arrive at, on average, after its first
        /// `bodyGraceSeconds` (0: no minimum); slower is cut off with 408.
        public var minBodyBytesPerSecond: Double = 1024
        public var bodyGraceSeconds: Double = 5
        /// Largest request body; a larger declared length is answered 413 unread.
        public var maxBodyBytes: Int = 1 << 20
        /// Request bodies held at once across every connection.
        public var bodyMemoryBytes: Int = 64 << 20
        /// Of those, what bodies of requests without a valid key (the console's sign-in)
        /// may hold together; past it they are answered 503 before their body is read,
        /// while keyed requests keep the rest.
        public var unkeyedBodyMemoryBytes: Int = 1 << 20
        /// Answers held at once for clients that have not read them yet; past it a new
        /// answer larger than 16 KiB is replaced by 503 `busy`.
        public var responseMemoryBytes: Int = 64 << 20
        /// Request line and head limits (414 and 431 past them).
        public var maxRequestLineBytes: Int = 8192
        public var maxHeadBytes: Int = 16384
        public var maxHeaderCount: Int = 100

        public init() {}

        var connection: HTTPConnection.Settings {
            HTTPConnection.Settings(
                parser: HTTPHeadParser.Limits(requestLineBytes: maxRequestLineBytes, headBytes: maxHeadBytes, headerCount: maxHeaderCount),
                idleTimeout: timeoutSeconds, headTimeout: headTimeoutSeconds, bodyTimeout: bodyTimeoutSeconds,
                minTransferRate: minBodyBytesPerSecond, bodyGrace: bodyGraceSeconds,
                evictAfter: evictAfterSeconds,
                handlerTimeout: handlerTimeoutSeconds)
        }
    }

    /// Decides on a request's head (its body is not read yet).
    public typealias HeadHandler = @Sendable (HTTPRequest) -> HTTPHeadDecision
    /// Answers a whole request (its body read, up to `maxBodyBytes`), on a handler thread.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// What every loop shares.
    struct Shared: Sendable {
        var settings: HTTPConnection.Settings
        var budget: HTTPBodyBudget
        var responses: HTTPResponseBudget
        var connections: HTTPConnectionCounter
        var counters: HTTPServerCounters
        var board: HTTPLoopBoard
        var decide: HTTPConnection.Decide
        /// Where the connections' work runs.
        var executor: any HTTPExecutor
    }

    public let address: ListenAddress
    public let configuration: Configuration
    /// What the HTTP layer refused and why (for /metrics).
    public let counters: HTTPServerCounters
    let budget: HTTPBodyBudget
    let responses: HTTPResponseBudget
    private let listener: Int32
    public let port: UInt16
    private let loops: [HTTPEventLoop]
    private let pool: HTTPWorkerPool
    private let finished = DispatchGroup()
    private let stopped = Locked(false)

    /// Starts listening with a handler that decides on each request's head.
    public init(
        address: ListenAddress, configuration: Configuration = Configuration(), counters: HTTPServerCounters = HTTPServerCounters(),
        head: @escaping HeadHandler
    ) throws(HTTPServerError) {
        Self.returnLargeBuffersToTheSystem()
        self.counters = counters
        self.address = address
        self.configuration = configuration
        budget = HTTPBodyBudget(
            capacity: configuration.bodyMemoryBytes, unkeyedCapacity: configuration.unkeyedBodyMemoryBytes,
            largestBody: configuration.maxBodyBytes)
        responses = HTTPResponseBudget(capacity: configuration.responseMemoryBytes)
        let listener = address.withSocketAddress { herald_listen($0, address.socketAddressLength, 1024) }
        guard listener >= 0 else {
            throw HTTPServerError(
                .startFailed,
                "cannot listen on \(address): \(String(cString: strerror(errno))); is another process using the port? (--listen HOST:PORT picks another)"
            )
        }
        self.listener = listener
        port = herald_bound_port(listener)
        let pool = HTTPWorkerPool(threads: configuration.handlerThreads, queueLimit: configuration.handlerQueueLimit)
        self.pool = pool
        let shared = Shared(
            settings: configuration.connection, budget: budget, responses: responses,
            connections: HTTPConnectionCounter(
                limit: max(1, configuration.connectionLimit), perAddress: max(0, configuration.connectionsPerAddress)),
            counters: counters, board: HTTPLoopBoard(loops: max(1, configuration.threads)), decide: head, executor: pool)
        var loops: [HTTPEventLoop] = []
        do {
            for index in 0..<max(1, configuration.threads) {
                loops.append(try HTTPEventLoop(index: index, listener: listener, shared: shared))
            }
        } catch {
            pool.finish(within: 0)
            close(listener)
            throw error
        }
        self.loops = loops
        for (index, loop) in loops.enumerated() {
            finished.enter()
            let thread = Thread { [finished] in
                loop.run()
                finished.leave()
            }
            thread.name = "herald-http-\(index)"
            thread.start()
        }
    }

    /// Starts listening with a handler of whole requests: every body up to
    /// `maxBodyBytes` is read (there are no keys here: any body may use the whole budget).
    public convenience init(address: ListenAddress, configuration: Configuration = Configuration(), handler: @escaping Handler)
        throws(HTTPServerError)
    {
        let limit = configuration.maxBodyBytes
        try self.init(address: address, configuration: configuration, head: { _ in .read(limit: limit, owner: HTTPBodyOwner(keyed: true, server: true), then: handler) })
    }

    deinit { stop() }

    /// Lets the requests being handled finish and their answers go out (up to the handler
    /// timeout and a second; new ones meanwhile are answered 503), then stops accepting,
    /// closes connections, and waits for the loops to end. A handler that never returns
    /// keeps its thread, not the stop.
    public func stop() {
        guard
            stopped.withLock({ stopped in
                defer { stopped = true }; return !stopped
            })
        else { return }
        pool.finish(within: configuration.handlerTimeoutSeconds + 1)
        for loop in loops { loop.stop() }
        finished.wait()
        close(listener)
    }

    /// Request bodies held now, in bytes.
    public var bodyBytesHeld: Int { budget.inUse }

    /// Answers not yet read by their clients, in bytes.
    public var answerBytesHeld: Int { responses.inUse }

    /// Bodies are allocated at their declared size; with glibc's default, freed blocks of
    /// a megabyte stay in the heap's arenas after a burst. A fixed mmap threshold of
    /// 128 KiB gives every large body back to the system when it is freed.
    private static let tuneAllocator: Void = herald_fix_mmap_threshold(128 * 1024)

    private static func returnLargeBuffersToTheSystem() { _ = tuneAllocator }
}
