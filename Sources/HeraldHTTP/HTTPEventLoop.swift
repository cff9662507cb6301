import CPoller
import Foundation
import HeraldShared

#if canImport(Glibc)
    import Glibc
#endif

/// One thread of the server: an epoll set with the shared listening socket (woken
/// exclusively, so one loop takes each new connection and places it on the loop with the
/// fewest, `HTTPLoopBoard`) and the connections placed on this loop. It moves bytes
/// between sockets and `HTTPConnection`s, hands the work they give off (decisions that
/// need the store, handlers) to the worker pool and their results back (through its
/// eventfd), and every tenth of a second applies their deadlines. Nothing on this thread
/// waits for the store: a stalled database stalls the pool's threads, not the loop, so
/// health checks, metrics, console files, 404s and deadlines go on.
final class HTTPEventLoop: @unchecked Sendable {
    private struct Entry {
        var fd: Int32
        var address: String
        var connection: HTTPConnection
        var interest: UInt32
    }

    private static let listenerToken: UInt64 = 0
    private static let wakeupToken: UInt64 = 1
    private static let sweepInterval = 0.1

    private let poller: Int32
    private let wakeup: Int32
    private let listener: Int32
    private let shared: HTTPServer.Shared
    private let index: Int
    private var connections: [UInt64: Entry] = [:]
    private var nextToken: UInt64 = 2
    private let stopping = Locked(false)
    private var acceptPaused = false
    /// Results of this loop's connections' work, posted by the worker threads.
    private let inbox: HTTPLoopInbox

    init(index: Int, listener: Int32, shared: HTTPServer.Shared) throws(HTTPServerError) {
        self.index = index
        self.listener = listener
        self.shared = shared
        poller = herald_poller_create()
        wakeup = herald_wakeup_create()
        guard poller >= 0, wakeup >= 0,
            herald_poller_add(poller, wakeup, UInt32(HERALD_POLL_IN), Self.wakeupToken, 0) == 0,
            herald_poller_add(poller, listener, UInt32(HERALD_POLL_IN), Self.listenerToken, 1) == 0
        else {
            let message = String(cString: strerror(errno))
            if poller >= 0 { close(poller) }
            if wakeup >= 0 { close(wakeup) }
            throw HTTPServerError(.startFailed, "cannot set up the server's event loop (epoll): \(message)")
        }
        inbox = HTTPLoopInbox(wakeup: wakeup)
        shared.board.register(index, wakeup: wakeup)
    }

    /// Asks the loop to end; `run` returns after its current turn.
    func stop() {
        stopping.withLock { $0 = true }
        herald_wakeup_signal(wakeup)
    }

    func run() {
        var events = [herald_poll_event](repeating: herald_poll_event(), count: 256)
        var buffer = [UInt8](repeating: 0, count: 65536)
        var nextSweep = Self.now() + Self.sweepInterval
        while !stopping.current {
            let timeout = max(0, Int32(((nextSweep - Self.now()) * 1000).rounded(.up)))
            let count = herald_poller_wait(poller, &events, Int32(events.count), timeout)
            for event in events.prefix(Int(max(0, count))) {
                switch event.token {
                case Self.listenerToken: acceptConnections()
                case Self.wakeupToken:
                    herald_wakeup_drain(wakeup)
                    for arrival in shared.board.takeArrivals(index) { register(arrival.fd, address: arrival.address) }
                    for address in shared.board.takeEvictions(index) {
                        _ = address.map { evict(from: $0) } ?? evictOldestWaiting()
                    }
                    for done in inbox.take() { deliver(done) }
                default: serve(event.token, events: event.events, buffer: &buffer)
                }
            }
            let now = Self.now()
            if now >= nextSweep {
                sweep(now)
                nextSweep = now + Self.sweepInterval
            }
        }
        inbox.close()
        for token in Array(connections.keys) { closeConnection(token) }
        for arrival in shared.board.takeArrivals(index) {
            shared.connections.release(arrival.address)
            shared.board.closed(index, address: arrival.address)
            close(arrival.fd)
        }
        close(poller)
        close(wakeup)
    }

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private func acceptConnections() {
        for _ in 0..<64 {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = herald_accept(listener, &storage, &length)
            guard fd >= 0 else {
                if errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM {
                    // Out of descriptors: stop taking connections until the next sweep
                    // rather than spinning on a listener that stays readable.
                    herald_poller_remove(poller, listener)
                    acceptPaused = true
                    shared.counters.count(.refusedNoDescriptors)
                }
                return
            }
            admit(fd, address: Self.describe(storage))
        }
    }

    private func admit(_ fd: Int32, address: String) {
        var admission = shared.connections.admit(address)
        if case .full(let victim?) = admission {
            // Fairness first: a slot from the address that holds the most, kept for this
            // connection (admitting it again could lose the slot to a connection another
            // loop admits meanwhile, as a crowd reconnecting at once does).
            if evict(from: victim) || shared.board.requestEviction(from: index, of: victim) {
                shared.connections.forceAdmit(address)
                admission = .admitted
            }
        }
        if case .full = admission {
            if evictOldestWaiting() {
                admission = shared.connections.admit(address)
            } else if shared.board.requestEviction(from: index, before: Self.now() - shared.settings.evictAfter) {
                shared.connections.forceAdmit(address)
                admission = .admitted
            }
        }
        guard admission == .admitted else {
            shared.counters.count(admission == .addressFull ? .refusedAddressFull : .refusedFull)
            let bytes = HTTPProtocolError.tooManyConnections.response.wire(keepAlive: false, http10: false)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(fd)
            return
        }
        let arrival = HTTPLoopBoard.Arrival(fd: fd, address: address)
        if shared.board.place(arrival, acceptedBy: index) == index { register(fd, address: address) }
    }

    /// Starts serving a connection placed on this loop.
    private func register(_ fd: Int32, address: String) {
        let token = nextToken
        nextToken += 1
        let connection = HTTPConnection(
            settings: shared.settings, budget: shared.budget, responses: shared.responses, counters: shared.counters, peerAddress: address,
            now: Self.now(),
            decide: shared.decide)
        let interest = UInt32(HERALD_POLL_IN)
        guard herald_poller_add(poller, fd, interest, token, 0) == 0 else {
            shared.connections.release(address)
            shared.board.closed(index, address: address)
            close(fd)
            return
        }
        connections[token] = Entry(fd: fd, address: address, connection: connection, interest: interest)
    }

    /// Closes this loop's connection that has waited longest for a request head (and at
    /// least `evictAfter`), to make room for a new one. Slow or silent clients cannot
    /// hold every slot: a client that sends its request promptly always gets one.
    private func evictOldestWaiting() -> Bool {
        guard let oldest = oldestWaiting(), oldest.since < Self.now() - shared.settings.evictAfter else { return false }
        shared.counters.count(.evicted)
        closeConnection(oldest.token)
        return true
    }

    /// Closes one of this loop's connections from `address`, whatever its age: the one
    /// that has waited longest for a request, else the newest. False when it has none.
    private func evict(from address: String) -> Bool {
        var chosen: (token: UInt64, since: Double)?
        var newest: UInt64?
        for (token, entry) in connections where entry.address == address {
            newest = max(newest ?? token, token)
            guard let since = entry.connection.waitingSince else { continue }
            if chosen.map({ since < $0.since }) ?? true { chosen = (token, since) }
        }
        guard let token = chosen?.token ?? newest else { return false }
        shared.counters.count(.evicted)
        closeConnection(token)
        return true
    }

    private func oldestWaiting() -> (token: UInt64, since: Double)? {
        var oldest: (token: UInt64, since: Double)?
        for (token, entry) in connections {
            guard let since = entry.connection.waitingSince else { continue }
            if oldest.map({ since < $0.since }) ?? true { oldest = (token, since) }
        }
        return oldest
    }

    private func serve(_ token: UInt64, events: UInt32, buffer: inout [UInt8]) {
        guard let entry = connections[token] else { return }
        let connection = entry.connection
        if events & UInt32(HERALD_POLL_HANGUP | HERALD_POLL_ERROR) != 0, connection.phase == .working {
            // Reset while its work runs (nothing is read meanwhile, and a hang-up is reported
            // whatever the interest): nobody is left to answer.
            connection.evict()
        }
        if events & UInt32(HERALD_POLL_IN | HERALD_POLL_HANGUP | HERALD_POLL_ERROR) != 0 {
            var reads = 0
            while connection.wantsRead, reads < 16 {
                reads += 1
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffer.withUnsafeBytes { connection.receive(UnsafeRawBufferPointer(rebasing: $0[0..<count]), now: Self.now()) }
                    flush(entry)
                } else if count == 0 {
                    connection.receivedEnd(now: Self.now())
                    break
                } else {
                    if errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { connection.evict() }
                    break
                }
            }
        }
        flush(entry)
        settle(token)
    }

    /// Writes what the connection has to say, as far as the socket takes it.
    private func flush(_ entry: Entry) {
        let connection = entry.connection
        while connection.hasOutput {
            let count = connection.withOutput { send(entry.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 {
                connection.wrote(count, now: Self.now())
            } else {
                if count < 0, errno != EAGAIN, errno != EWOULDBLOCK, errno != EINTR { connection.evict() }
                return
            }
        }
    }

    /// A result of work run off the loop, for the connection that handed it off (if it is
    /// still open: a connection closed meanwhile drops it).
    private func deliver(_ done: HTTPLoopInbox.Done) {
        guard let entry = connections[done.token] else {
            if case .response(let response) = done.result { response.later?.abandon() }
            return
        }
        entry.connection.finished(done.work, done.result, now: Self.now())
        if let (later, work) = entry.connection.takeParked() {
            let inbox = self.inbox, token = done.token
            later.attach { inbox.post(HTTPLoopInbox.Done(token: token, work: work, result: .response($0))) }
        }
        flush(entry)
        settle(done.token)
    }

    /// Gives the connection's new work to the worker pool; its result comes back through
    /// the inbox. A full queue is answered 503 at once.
    private func dispatch(_ token: UInt64, _ entry: Entry) {
        while let work = entry.connection.takeWork() {
            let inbox = self.inbox
            let queued = shared.executor.submit {
                guard let result = work.run() else { return }
                inbox.post(HTTPLoopInbox.Done(token: token, work: work.id, result: result))
            }
            if !queued {
                entry.connection.refused(work.id, now: Self.now())
                flush(entry)
            }
        }
    }

    /// After a turn: hand work off, shut the write side when lingering begins, close what
    /// is over, and watch for what the connection now waits on.
    private func settle(_ token: UInt64) {
        guard var entry = connections[token] else { return }
        let connection = entry.connection
        dispatch(token, entry)
        if connection.needsWriteShutdown {
            shutdown(entry.fd, Int32(SHUT_WR))
            connection.didShutdownWrite()
        }
        guard connection.phase != .closed else { return closeConnection(token) }
        var interest: UInt32 = 0
        if connection.wantsRead { interest |= UInt32(HERALD_POLL_IN) }
        if connection.hasOutput { interest |= UInt32(HERALD_POLL_OUT) }
        if interest != entry.interest {
            herald_poller_modify(poller, entry.fd, interest, token)
            entry.interest = interest
            connections[token] = entry
        }
    }

    private func sweep(_ now: Double) {
        if acceptPaused, herald_poller_add(poller, listener, UInt32(HERALD_POLL_IN), Self.listenerToken, 1) == 0 {
            acceptPaused = false
        }
        for (token, entry) in connections where now >= entry.connection.deadline {
            entry.connection.tick(now: now)
            flush(entry)
            settle(token)
        }
        shared.board.post(index, oldestWaiting: oldestWaiting()?.since)
    }

    private func closeConnection(_ token: UInt64) {
        guard let entry = connections.removeValue(forKey: token) else { return }
        entry.connection.evict()  // work not started is dropped, with its body
        // The slot is free before the client can see the close and connect again.
        shared.connections.release(entry.address)
        shared.board.closed(index, address: entry.address)
        herald_poller_remove(poller, entry.fd)
        close(entry.fd)
    }

    /// The client's address, without its port.
    private static func describe(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: 64)
        guard herald_address_text(&storage, &text, socklen_t(text.count)) == 0 else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
