/// One connection's HTTP/1.1 exchange as a state machine with no socket and no thread:
/// bytes in, bytes out, work out, results in, and deadlines read off times the caller
/// passes in, so every rule (head, body and handler deadlines, the key checked before the
/// body, the body memory budget, keep-alive, pipelining) is tested on a virtual clock.
/// `HTTPEventLoop` moves the bytes, and runs the work the connection hands off (a head
/// decision that needs the store, a handler) on the worker pool, giving the result back.
package final class HTTPConnection {
    package typealias Decide = @Sendable (HTTPRequest) -> HTTPHeadDecision

    let settings: Settings
    private let decide: Decide
    private let budget: HTTPBodyBudget
    private let parser: HTTPHeadParser
    private(set) var phase = Phase.idle
    /// When the current phase (or, while answering, the last write progress) began.
    private var since: Double
    private var input: [UInt8] = []
    /// How much of the head being read has been looked at, and whether a line ended in it.
    private var scanned = 0
    private var sawLineFeed = false
    private var output: [UInt8] = []
    private var written = 0
    /// Where the answers waiting to be written are counted, and how many of their bytes.
    private let responses: HTTPResponseBudget?
    private var outputHeld = 0
    /// When the answers being written began to wait for the client.
    private var outputSince = 0.0
    /// After the pending output: close (and linger first when input may still be coming).
    private var closeAfterOutput = false
    private var lingerAfterOutput = false
    private var peerEnded = false
    /// The request whose body is being read.
    private var pending: PendingBody?
    private var body: [UInt8] = []
    /// The room the body being read holds in the budget (handed to the handler's work with it).
    private var reservation: HTTPBodyBudget.Reservation?
    /// Work for the loop to take and run off it.
    private var handOff: HTTPWork?
    /// The work being waited for, and the request it answers.
    private var waiting: (work: HTTPWork, exchange: Exchange)?
    /// A handler's answer to come (`HTTPLaterAnswer`), for the loop to attach to once
    /// (`takeParked`), and how long the connection waits for it.
    private var parked: HTTPLaterAnswer?
    private var parkedTaken = true
    private var parkedTimeout: Double?
    private var nextWorkID: UInt64 = 0
    /// Where timeouts, refused requests and a full budget are counted.
    private let counters: HTTPServerCounters?
    /// The client's address, given to every request.
    private let peerAddress: String

    /// A request whose head is in: what its answer needs.
    private struct Exchange {
        var request: HTTPRequest
        var length: Int
        var keepAlive: Bool
        var minorVersion: Int
        /// The client sent `Expect: 100-continue`.
        var continues: Bool
    }

    /// A request whose head was accepted, waiting for the rest of its body.
    private struct PendingBody {
        var exchange: Exchange
        var then: @Sendable (HTTPRequest) -> HTTPResponse
    }

    package init(
        settings: Settings, budget: HTTPBodyBudget, responses: HTTPResponseBudget? = nil, counters: HTTPServerCounters? = nil,
        peerAddress: String = "", now: Double, decide: @escaping Decide
    ) {
        self.settings = settings
        self.responses = responses
        self.peerAddress = peerAddress
        self.budget = budget
        self.counters = counters
        self.decide = decide
        parser = HTTPHeadParser(limits: settings.parser)
        since = now
    }

    deinit {
        waiting?.work.cancel()
        responses?.give(outputHeld)
    }

    /// Bytes written by the loop are taken from here.
    package var hasOutput: Bool { written < output.count }

    /// Read more only when every answer so far is written (a client that does not read
    /// its answers cannot make the server buffer more).
    var wantsRead: Bool { phase != .closed && phase != .working && !hasOutput && !peerEnded }

    /// True when the loop must shut the write side (the lingering phase began).
    private(set) var needsWriteShutdown = false

    /// When `tick` has something to do.
    var deadline: Double {
        if hasOutput {
            // No progress for `idleTimeout`, or slower than `minTransferRate` on average past it.
            let rated = settings.minTransferRate > 0 ? outputSince + settings.idleTimeout + Double(output.count) / settings.minTransferRate : .infinity
            return min(since + settings.idleTimeout, rated)
        }
        switch phase {
        case .idle: return since + settings.idleTimeout
        case .head: return since + settings.headTimeout
        case .body:
            // The whole body within `bodyTimeout`, and after `bodyGrace` at least
            // `minTransferRate` bytes a second on average: a body trickling in is cut off.
            let rated = settings.minTransferRate > 0 ? since + settings.bodyGrace + Double(body.count) / settings.minTransferRate : .infinity
            return min(since + settings.bodyTimeout, rated)
        case .working: return since + (parkedTimeout ?? settings.handlerTimeout)
        case .lingering: return since + settings.lingerTimeout
        case .closed: return since
        }
    }

    package func withOutput<T>(_ body: (UnsafeRawBufferPointer) -> T) -> T {
        output.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[written...])) }
    }

    /// The loop wrote `count` bytes of the output.
    package func wrote(_ count: Int, now: Double) {
        written += count
        since = now
        guard !hasOutput else { return }
        if output.count > 65536 { output = [] } else { output.removeAll(keepingCapacity: true) }
        written = 0
        responses?.give(outputHeld)
        outputHeld = 0
        if closeAfterOutput {
            if lingerAfterOutput && !peerEnded {
                phase = .lingering
                needsWriteShutdown = true
            } else {
                phase = .closed
            }
            return
        }
        process(now: now)
    }

    func didShutdownWrite() { needsWriteShutdown = false }

    /// Bytes read from the client.
    package func receive(_ bytes: UnsafeRawBufferPointer, now: Double) {
        switch phase {
        case .closed, .lingering: return
        case .body:
            guard let pending else { return }
            let take = min(bytes.count, pending.exchange.length - body.count)
            guard makeRoom(body.count + take, of: pending.exchange.length) else { return fail(busyBody(), now: now, counting: .busy) }
            body.append(contentsOf: bytes[0..<take])
            input.append(contentsOf: bytes[take...])
        case .idle, .head, .working:
            input.append(contentsOf: bytes)
        }
        if !hasOutput { process(now: now) }
    }

    /// The client closed its side: answer what is complete, then close.
    func receivedEnd(now: Double) {
        peerEnded = true
        if phase == .lingering { phase = .closed }
        if !hasOutput { process(now: now) }
    }

    /// Applies the deadline, if it has passed.
    package func tick(now: Double) {
        guard phase != .closed, now >= deadline else { return }
        if hasOutput || phase == .idle || phase == .lingering {
            phase = .closed  // the client stopped reading, went quiet between requests, or lingers too long
            if hasOutput { counters?.count(.timeout) }
            return
        }
        switch phase {
        case .working:
            // The store (or a handler) did not answer in time: whatever it answers later is dropped.
            stopWaiting()
            fail(.handlerTimeout(settings.handlerTimeout), now: now, counting: .handlerTimeout)
        case .head: fail(.headTimeout(settings.headTimeout), now: now, counting: .timeout)
        default:
            guard now - since < settings.bodyTimeout else { return fail(.bodyTimeout(settings.bodyTimeout), now: now, counting: .timeout) }
            fail(.bodyTooSlow(settings.minTransferRate, after: settings.bodyGrace), now: now, counting: .timeout)
        }
    }

    /// Ends the connection at once (the server needs its slot, or the client is gone),
    /// without an answer; work handed off is dropped.
    func evict() {
        phase = .closed
        stopWaiting()
        pending = nil
        body = []
        reservation?.release()
        reservation = nil
    }

    /// Work to run off the loop, if the connection has just handed some off; taken once.
    package func takeWork() -> HTTPWork? {
        defer { handOff = nil }
        return handOff
    }

    /// The work `id` ended with `result`: the connection goes on (reads the body the
    /// decision admits, or writes the answer). A result for work no longer waited for (its
    /// deadline passed, the connection closed) is dropped.
    package func finished(_ id: UInt64, _ result: HTTPWork.Result, now: Double) {
        guard phase == .working, let waiting, waiting.work.id == id else { return }
        self.waiting = nil
        (parked, parkedTimeout) = (nil, nil)
        switch result {
        case .decision(let decision): proceed(decision, waiting.exchange, now: now)
        case .response(let response):
            if let later = response.later { return park(later, waiting, now: now) }
            let exchange = waiting.exchange
            answer(response, version: exchange.minorVersion, keepAlive: exchange.keepAlive, linger: false, now: now)
        case .handled(let response):
            let exchange = waiting.exchange
            input.removeFirst(exchange.length)
            if let later = response.later { return park(later, waiting, now: now) }
            answer(response, version: exchange.minorVersion, keepAlive: exchange.keepAlive, linger: false, now: now)
        }
        if !hasOutput { process(now: now) }
    }

    /// The work `id` could not be queued (the worker pool's queue is full): 503 at once.
    package func refused(_ id: UInt64, now: Double) {
        guard phase == .working, let waiting, waiting.work.id == id else { return }
        stopWaiting()
        fail(.overloaded, now: now, counting: .overloaded)
    }

    private func stopWaiting() {
        handOff = nil
        waiting?.work.cancel()
        waiting = nil
        parked?.abandon()
        (parked, parkedTimeout) = (nil, nil)
    }

    /// The handler answers later: the connection goes on waiting for the same work, up to
    /// the answer's own timeout, and the loop attaches to it (`takeParked`).
    private func park(_ later: HTTPLaterAnswer, _ waiting: (work: HTTPWork, exchange: Exchange), now: Double) {
        self.waiting = waiting
        (parked, parkedTaken, parkedTimeout) = (later, false, later.timeout)
        since = now
    }

    /// An answer to come that the loop has not attached to yet, with the work it answers; once.
    package func takeParked() -> (HTTPLaterAnswer, UInt64)? {
        guard !parkedTaken, let parked, let waiting else { return nil }
        parkedTaken = true
        return (parked, waiting.work.id)
    }

    /// Since when the connection has waited for a request (idle, or reading a head), if it
    /// is: what the server may evict when it needs the slot.
    var waitingSince: Double? {
        !hasOutput && (phase == .idle || phase == .head) ? since : nil
    }

    /// Whether the bytes since the last look can change the parser's answer: a head ends
    /// with a line feed, and the limits are lengths. Without this a head sent a byte at a
    /// time would be parsed again from its start for every byte.
    private func headMayBeDecided() -> Bool {
        let lineFeed = input[scanned...].contains(10)
        scanned = input.count
        sawLineFeed = sawLineFeed || lineFeed
        return lineFeed || input.count > settings.parser.headBytes || (!sawLineFeed && input.count > settings.parser.requestLineBytes)
    }

    /// Moves through the buffered input as far as it goes without writing.
    private func process(now: Double) {
        while !hasOutput {
            switch phase {
            case .closed, .lingering, .working: return
            case .body:
                guard let pending, body.count == pending.exchange.length else {
                    if peerEnded { phase = .closed }
                    return
                }
                finishBody(pending, now: now)
            case .idle, .head:
                if phase == .idle {
                    // Blank lines between requests are allowed (and dropped at once).
                    input.removeFirst(input.prefix { $0 == 13 || $0 == 10 }.count)
                    guard !input.isEmpty else {
                        if peerEnded { phase = .closed }
                        return
                    }
                    phase = .head
                    since = now
                    scanned = 0
                    sawLineFeed = false
                }
                guard headMayBeDecided() else {
                    if peerEnded { phase = .closed }
                    return
                }
                switch parser.parse(input) {
                case .incomplete:
                    if peerEnded { phase = .closed }
                    return
                case .failed(let error):
                    fail(error, now: now, counting: .protocolError)
                case .complete(let head, let consumed):
                    input.removeFirst(consumed)
                    phase = .idle
                    start(head, now: now)
                }
            }
        }
    }

    /// A head is in: frame the body, ask the handler, and answer, read on, or wait.
    private func start(_ head: HTTPHeadParser.Head, now: Double) {
        if head.headers["transfer-encoding"] != nil { return fail(.lengthRequired, now: now, counting: .protocolError) }
        var length = 0
        if let text = head.headers["content-length"] {
            guard !text.isEmpty, text.count <= 15, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(text) else {
                return fail(.badLength, now: now, counting: .protocolError)
            }
            length = value
        }
        let continues = head.headers["expect"].map { $0.lowercased() }
        if let continues, continues != "100-continue" { return fail(.expectationFailed(continues), now: now, counting: .protocolError) }
        let tokens = Set(
            (head.headers["connection"] ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let keepAlive = head.minorVersion == 1 ? !tokens.contains("close") : tokens.contains("keep-alive")
        let request = HTTPRequest(
            method: head.method, path: head.path, query: head.query, headers: head.headers, peerAddress: peerAddress)
        let exchange = Exchange(
            request: request, length: length, keepAlive: keepAlive, minorVersion: head.minorVersion, continues: continues != nil)
        proceed(decide(request), exchange, now: now)
    }

    /// Does what the decision on a head says, on the loop or (when it needs the store, or
    /// to run the handler) by handing work off.
    private func proceed(_ decision: HTTPHeadDecision, _ exchange: Exchange, now: Double) {
        let length = exchange.length
        switch decision {
        case .respond(let response):
            // The body, if any, is never read: close after the answer, lingering so the
            // client reads the answer rather than a reset.
            answer(response, version: exchange.minorVersion, keepAlive: exchange.keepAlive && length == 0, linger: length > 0, now: now)
        case .defer(let decide):
            let request = exchange.request
            // A body that came whole with the head (a small request) goes with the decision,
            // its copy held in the allowance for requests without a key until the job ends.
            if let whole = bufferedWhole(exchange), let held = budget.reserve(length, owner: .unkeyed, address: peerAddress) {
                return hand(exchange, now: now, HTTPWork.deciding(request, decide, then: whole, holding: held))
            }
            hand(exchange, now: now) { .decision(decide(request)) }
        case .read(let limit, let owner, let then):
            guard length <= limit else {
                return fail(.tooLarge(length, limit: limit), now: now, counting: .protocolError)
            }
            if length == 0 {
                let request = exchange.request
                return hand(exchange, now: now) { .response(then(request)) }
            }
            // Room for what is here and the first bytes to come; more as they arrive.
            let first = min(length, max(input.count, Self.initialBodyRoom))
            guard let reservation = budget.reserve(first, owner: owner, address: peerAddress) else {
                return fail(budget.refusal(for: owner), now: now, counting: .busy)
            }
            self.reservation = reservation
            body = []
            body.reserveCapacity(first)
            pending = PendingBody(exchange: exchange, then: then)
            phase = .body
            since = now
            if exchange.continues, exchange.minorVersion == 1 { output.append(contentsOf: Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) }
            let take = min(input.count, length)
            body.append(contentsOf: input[0..<take])
            input.removeFirst(take)
        }
    }

    /// The room a body holds in the budget before its bytes arrive (all of a smaller one).
    static let initialBodyRoom = 16 << 10

    /// Makes the body's room at least `needed` bytes (of its `length`), doubling it so a
    /// body arriving in many pieces is grown a few times; false when the budget (or the
    /// caller's share of it) has no room left.
    private func makeRoom(_ needed: Int, of length: Int) -> Bool {
        guard let reservation, needed > reservation.bytes else { return true }
        let target = min(length, max(needed, reservation.bytes * 2))
        guard reservation.grow(by: target - reservation.bytes) else { return false }
        body.reserveCapacity(target)
        return true
    }

    /// The answer to a body that no longer fits the budget.
    private func busyBody() -> HTTPProtocolError {
        reservation.map { budget.refusal(for: $0.owner) } ?? .busy
    }

    /// Bodies up to this size that arrived whole with their head go with a deferred
    /// decision (a copy of them, while the input keeps the bytes until the result is in:
    /// `HTTPWork.deciding`).
    static let bufferedBodyLimit = 64 << 10

    /// The request with its body, when the input already holds all of it and the client
    /// does not wait for `100 Continue`; nil otherwise.
    private func bufferedWhole(_ exchange: Exchange) -> HTTPRequest? {
        guard !exchange.continues, exchange.length <= Self.bufferedBodyLimit, input.count >= exchange.length else { return nil }
        var whole = exchange.request
        whole.body = Array(input[0..<exchange.length])
        return whole
    }

    private func finishBody(_ pending: PendingBody, now: Double) {
        var whole = pending.exchange.request
        whole.body = body
        let request = whole
        body = []
        self.pending = nil
        let then = pending.then
        // The body's room in the budget goes with it: given back once the handler is done.
        let reservation = self.reservation
        self.reservation = nil
        hand(pending.exchange, now: now) {
            let response = then(request)
            reservation?.release()
            return .response(response)
        }
    }

    /// Hands `job` off the loop and waits for it, up to `handlerTimeout`.
    private func hand(_ exchange: Exchange, now: Double, _ job: @escaping @Sendable () -> HTTPWork.Result) {
        nextWorkID += 1
        let work = HTTPWork(id: nextWorkID, job)
        handOff = work
        waiting = (work, exchange)
        phase = .working
        since = now
    }

    private func fail(_ error: HTTPProtocolError, now: Double, counting event: HTTPServerCounters.Event) {
        counters?.count(event)
        pending = nil
        body = []
        reservation?.release()
        reservation = nil
        answer(error.response, version: 1, keepAlive: false, linger: true, now: now)
    }

    private func answer(_ response: HTTPResponse, version: Int, keepAlive: Bool, linger: Bool, now: Double) {
        var wire = response.wire(keepAlive: keepAlive, http10: version == 0)
        var keepAlive = keepAlive
        if let responses, !responses.take(wire.count) {
            // Too many answers wait for their readers: this one is dropped for a short 503.
            counters?.count(.busy)
            wire = HTTPProtocolError.answersBusy.response.wire(keepAlive: false, http10: version == 0)
            keepAlive = false
            _ = responses.take(wire.count)
        }
        outputHeld += responses == nil ? 0 : wire.count
        if !hasOutput { outputSince = now }
        output.append(contentsOf: wire)
        closeAfterOutput = !keepAlive
        lingerAfterOutput = linger
        phase = .idle
        since = now
    }
}
