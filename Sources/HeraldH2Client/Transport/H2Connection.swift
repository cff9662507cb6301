import CNGHTTP2
import CPoller
import Foundation
import HeraldShared

/// One HTTP/2 connection to a push service, on its own thread: a poll loop over the socket and a
/// wake-up descriptor (an eventfd; a pipe where there is none) that `submit` and `stop` signal.
///
/// Requests wait in the connection's queue and start as streams while the server's
/// SETTINGS_MAX_CONCURRENT_STREAMS (and `maxConcurrentStreams`) allow. Requests the
/// server cannot have processed (never written, REFUSED_STREAM, above a GOAWAY's last
/// stream id) go back to the front of the queue and are sent on the next connection:
/// never lost, never sent twice. Requests whose fate is unknown when a connection dies
/// fail with `TransportError` (the client's retry policy decides). Silence with
/// requests outstanding brings a PING; no acknowledgement in time closes the connection
/// as dead. Failed connection attempts back off exponentially (bounded).
final class H2Connection: @unchecked Sendable {
    let index: Int
    private let origin: H2Origin
    private let settings: H2Settings
    private let context: Result<TLSClientContext, TransportError>
    private let logger: any HeraldLogger
    private let inbox = Locked(Inbox())
    private let finished = DispatchSemaphore(value: 0)
    private let wakeRead: Int32
    private let wakeWrite: Int32
    // The rest belongs to the connection's thread.
    private var queue = H2Queue()
    /// At most one of the two: a connection attempt, or the HTTP/2 session it made.
    private var connector: H2Connector?
    private var session: H2Session?
    /// Monotonic seconds by which TCP, TLS and the server's first SETTINGS must be in.
    private var connectDeadline = 0.0
    private var failures = 0
    private var nextAttempt = 0.0
    private var nextSweep = 0.0
    private var completions: [(TransportJob, TransportReply)] = []

    private struct Inbox {
        var jobs: [H2Pending] = []
        var stopping = false
    }

    init(
        index: Int, origin: H2Origin, settings: H2Settings, context: Result<TLSClientContext, TransportError>, logger: any HeraldLogger
    )
        throws(TransportError)
    {
        let event = herald_wakeup_create()
        if event >= 0 {
            (wakeRead, wakeWrite) = (event, event)
        } else {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                throw TransportError(.connect, "could not make a wake-up pipe: \(String(cString: strerror(errno)))", code: Int(errno))
            }
            for fd in ends {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            (wakeRead, wakeWrite) = (ends[0], ends[1])
        }
        self.index = index
        self.origin = origin
        self.settings = settings
        self.context = context
        self.logger = logger
        let thread = Thread { [self] in run() }
        thread.name = "herald-\(settings.name.lowercased())-\(index)"
        thread.start()
    }

    deinit {
        close(wakeRead)
        if wakeWrite != wakeRead { close(wakeWrite) }
    }

    /// Queues `job` (its path on this connection's origin); its completion runs on this
    /// connection's thread. Fails at once when stopping. Only the job that finds the inbox
    /// empty wakes the thread (it takes the whole inbox at once).
    func submit(_ job: TransportJob) {
        let pending = H2Pending(job: job, deadline: Self.monotonic() + settings.requestTimeout)
        let outcome = inbox.withLock { state -> Bool? in
            guard !state.stopping else { return nil }
            state.jobs.append(pending)
            return state.jobs.count == 1
        }
        guard let wake = outcome else { return job.completion(.failure(TransportError(.shutDown, "the \(settings.name) client is shut down"))) }
        if wake { self.wake() }
    }

    /// Lets queued and running requests finish, sends GOAWAY, closes, and ends the thread; returns when it has.
    /// A second call waits for the same end (the semaphore is signalled again for the next).
    func stop() {
        inbox.withLock { $0.stopping = true }
        wake()
        finished.wait()
        finished.signal()
    }

    private func wake() {
        if wakeWrite == wakeRead { return herald_wakeup_signal(wakeWrite) }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func run() {
        while true {
            let now = Self.monotonic()
            let stopping = inbox.withLock { state -> Bool in
                for pending in state.jobs { queue.append(pending) }
                state.jobs.removeAll(keepingCapacity: true)
                return state.stopping
            }
            step(now: now)
            deliver()
            if stopping && queue.isEmpty && (session?.streams.isEmpty ?? true) {
                session?.closeGracefully()
                (connector, session) = (nil, nil)
                break
            }
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if let connector { fds.append(pollfd(fd: connector.fd, events: connector.events, revents: 0)) }
            if let session { fds.append(pollfd(fd: session.fd, events: session.events, revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), pollTimeout(now: Self.monotonic()))
            if ready < 0 && errno != EINTR { logger.log(.error, "\(settings.name) connection \(index): poll: \(String(cString: strerror(errno)))") }
            if fds[0].revents != 0 { drainWakeups() }
            if fds.count > 1, fds[1].revents != 0 { advance(fds[1].revents) }
            deliver()
        }
        deliver()
        finished.signal()
    }

    /// Moves the connection attempt or the session on after poll reported `revents`.
    private func advance(_ revents: Int16) {
        if let connector {
            do throws(TransportError) {
                guard let socket = try connector.ready() else { return }
                let made = try H2Session(socket: socket, origin: origin, heard: connector.started, kept: settings.keptHeaders)
                (self.connector, session) = (nil, made)
                try made.flush()
            } catch {
                failAttempt(error)
            }
        } else if let session {
            do throws(TransportError) { try session.ready(revents, now: Self.monotonic()) } catch { lose(session, error) }
        }
    }

    /// One turn's decisions: timeouts, connecting, PING, starting queued requests, writing.
    private func step(now: Double) {
        expireQueued(now: now)
        if connector != nil || session?.settingsReceived == false, now >= connectDeadline {
            return failAttempt(
                TransportError(
                    .connect, "no HTTP/2 connection to \(origin.authority) within \(settings.connectTimeout) s", code: Int(ETIMEDOUT)))
        }
        if let current = session {
            if current.settingsReceived { failures = 0 }
            if let sent = current.pingSentAt, now - sent >= settings.pingTimeout {
                return lose(
                    current,
                    TransportError(
                        .deadConnection,
                        "\(origin.authority) did not answer a PING within \(settings.pingTimeout) s; the connection is closed as dead"))
            }
            if now >= nextSweep {
                current.expire(now: now, timeout())
                nextSweep = now + 0.25
            }
            if current.pingSentAt == nil,
                now - current.lastHeard >= (current.streams.isEmpty ? max(settings.pingInterval, 60) : settings.pingInterval)
            {
                current.ping(now: now)
            }
            if current.goAwayLastID != nil && current.streams.isEmpty {
                current.closeGracefully()
                session = nil
            } else {
                startQueued(on: current)
            }
        }
        if connector == nil, session == nil, !queue.isEmpty, now >= nextAttempt { connect(now: now) }
        if let current = session {
            do throws(TransportError) { try current.flush() } catch { lose(current, error) }
        }
    }

    private func connect(now: Double) {
        do throws(TransportError) {
            connector = try H2Connector(origin: origin, context: try context.get(), now: now)
            connectDeadline = now + settings.connectTimeout
        } catch {
            failAttempt(error)
        }
    }

    /// A connection attempt failed: every queued request fails with `error` (none was
    /// sent; the client's retry policy decides), and the next attempt waits its backoff.
    private func failAttempt(_ error: TransportError) {
        (connector, session) = (nil, nil)
        failures += 1
        let delay = min(settings.backoffMax, settings.backoffBase * pow(2, Double(min(failures - 1, 30))))
        nextAttempt = Self.monotonic() + delay
        logger.log(.warning, "\(settings.name) connection \(index): \(error.description); next attempt in \(delay) s")
        while let pending = queue.popFirst() { completions.append((pending.job, .failure(error))) }
    }

    /// An open connection ended: streams that cannot have been processed go back to the
    /// queue, the others fail with `error`. The next connection opens at once.
    private func lose(_ lost: H2Session, _ error: TransportError) {
        guard lost === session else { return }
        // Before the server's SETTINGS no request was started: a failed attempt (with backoff).
        if !lost.settingsReceived { return failAttempt(error) }
        lost.streams.loseAll(error, lastID: lost.goAwayLastID)
        collect(lost)
        session = nil
        if error.kind != .connectionLost || lost.goAwayLastID == nil { logger.log(.warning, "\(settings.name) connection \(index): \(error.description)") }
    }

    private func startQueued(on current: H2Session) {
        guard current.acceptsRequests else { return }
        let limit = current.streamLimit(local: settings.maxConcurrentStreams)
        while current.streams.count < limit, let pending = queue.popFirst() {
            guard current.submit(pending, authority: origin.authority) else {
                completions.append(
                    (pending.job, .failure(TransportError(.http2, "nghttp2 could not submit the request to \(pending.path)"))))
                continue
            }
        }
    }

    private func expireQueued(now: Double) {
        while let head = queue.first, now >= head.deadline {
            _ = queue.popFirst()
            completions.append((head.job, .failure(timeout())))
        }
    }

    private func timeout() -> TransportError {
        TransportError(.timedOut, "no answer from \(origin.authority) within \(settings.requestTimeout) s", code: Int(ETIMEDOUT))
    }

    /// Moves what happened to the session's streams into the queue and the completions.
    private func collect(_ current: H2Session) {
        let (finished, refused) = current.streams.take()
        for pending in refused.reversed() { queue.prepend(pending) }
        completions += finished
    }

    /// Runs completions outside nghttp2's calls (a completion may submit the next request).
    private func deliver() {
        if let session { collect(session) }
        guard !completions.isEmpty else { return }
        let done = completions
        completions.removeAll()
        for (job, reply) in done { job.completion(reply) }
    }

    private func pollTimeout(now: Double) -> Int32 {
        var deadline = now + 1
        if connector == nil && session == nil && !queue.isEmpty { deadline = min(deadline, nextAttempt) }
        if connector != nil || session?.settingsReceived == false { deadline = min(deadline, connectDeadline) }
        if let session, !session.streams.isEmpty || session.pingSentAt != nil { deadline = min(deadline, now + 0.25) }
        if let head = queue.first { deadline = min(deadline, head.deadline) }
        return Int32(max(0, min(1000, (deadline - now) * 1000 + 1)))
    }

    private func drainWakeups() {
        if wakeWrite == wakeRead { return herald_wakeup_drain(wakeRead) }
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    /// Seconds on the monotonic clock (`LiveServerClock`'s): deadlines in the poll loop.
    static func monotonic() -> Double { LiveServerClock().now }
}
