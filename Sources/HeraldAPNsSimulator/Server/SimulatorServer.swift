import CNGHTTP2
import COpenSSL
import Foundation
import HeraldAPNsModel
import HeraldShared

/// The simulator's engine: one thread polls the listening socket and every
/// connection, runs nghttp2 and answers requests. Other threads talk to it through
/// `commands` and a wake-up pipe.
final class SimulatorServer: @unchecked Sendable {
    enum Command {
        case goAway
        case dropConnections
        case addFault(SimulatorFault)
        case clearFaults
        case stop
    }

    private struct Delayed {
        var deadline: Double
        var connection: SimulatorConnection
        var stream: Int32
        var verdict: SimulatorVerdict
        var goAwayAfter: Bool
    }

    let tls: TLSServerContext
    let callbacks: OpaquePointer
    /// Session options: some clients (curl among them, which the tests drive) reset every
    /// stream they have finished (RST_STREAM STREAM_CLOSED), which nghttp2's rapid-reset
    /// guard would answer with GOAWAY INTERNAL_ERROR after about a thousand; APNs takes that
    /// from real clients, so the simulator lifts the limit.
    let options: OpaquePointer
    let maxConcurrentStreams: Int
    let trustedCertificates: [[UInt8]]
    let recorder: NotificationRecorder
    let statistics = Locked(SimulatorStatistics())
    let commands = Locked<[Command]>([])
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let checker: RequestChecker
    private let service: (@Sendable (SimulatorRequest) -> SimulatorVerdict?)?
    private let faults: FaultPlan
    private let now: @Sendable () -> Double
    private var connections: [Int32: SimulatorConnection] = [:]
    private var delayed: [Delayed] = []
    private var nextID = 0
    private var running = true

    init(listener: Int32, tls: TLSServerContext, configuration: APNSSimulatorConfiguration, recorder: NotificationRecorder)
        throws(APNSSimulatorError)
    {
        guard let callbacks = SimulatorCallbacks.make() else { throw APNSSimulatorError("nghttp2", "could not allocate session callbacks") }
        var made: OpaquePointer?
        guard nghttp2_option_new(&made) == 0, let options = made else {
            nghttp2_session_callbacks_del(callbacks)
            throw APNSSimulatorError("nghttp2", "could not allocate session options")
        }
        nghttp2_option_set_stream_reset_rate_limit(options, 1 << 40, 1 << 40)
        self.options = options
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            nghttp2_session_callbacks_del(callbacks)
            nghttp2_option_del(options)
            throw APNSSimulatorError("listening", "could not make a wake-up pipe: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(pipeEnds[0], F_SETFL, fcntl(pipeEnds[0], F_GETFL) | O_NONBLOCK)
        _ = fcntl(pipeEnds[1], F_SETFL, fcntl(pipeEnds[1], F_GETFL) | O_NONBLOCK)
        self.listener = listener
        self.tls = tls
        self.callbacks = callbacks
        self.wakeRead = pipeEnds[0]
        self.wakeWrite = pipeEnds[1]
        self.maxConcurrentStreams = configuration.maxConcurrentStreams
        self.trustedCertificates = configuration.trustedCertificates
        self.recorder = recorder
        self.checker = RequestChecker(configuration: configuration)
        self.service = configuration.service
        self.faults = FaultPlan(configuration.faults)
        self.now = configuration.now
    }

    deinit {
        nghttp2_session_callbacks_del(callbacks)
        nghttp2_option_del(options)
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// Queues a command for the server thread and wakes it.
    func send(_ command: Command) {
        commands.withLock { $0.append(command) }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// The server loop; returns after `.stop`, with every connection closed.
    func run() {
        while running {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            // A stalled connection is not polled: its bytes stay unread, nothing is written.
            let open = connections.values.filter { !$0.isStalled }
            for connection in open {
                fds.append(pollfd(fd: connection.fd, events: Int16(POLLIN) | (connection.wantsWrite ? Int16(POLLOUT) : 0), revents: 0))
            }
            let timeout = delayed.map { max(0, Int32(($0.deadline - Self.monotonic()) * 1000) + 1) }.min() ?? 1000
            let ready = poll(&fds, nfds_t(fds.count), min(timeout, 1000))
            if ready < 0 && errno != EINTR { break }
            if fds[1].revents != 0 { drainWakeups() }
            runCommands()
            if fds[0].revents & Int16(POLLIN) != 0 { acceptAll() }
            for (index, connection) in open.enumerated() where !connection.isClosed {
                let events = fds[index + 2].revents
                if events & Int16(POLLIN | POLLERR | POLLHUP) != 0 { connection.readable() }
                if events & Int16(POLLOUT) != 0 { connection.flush() }
            }
            runDelayed()
            let now = Self.monotonic()
            for connection in open where !connection.isClosed && connection.finishedAt.map({ now - $0 > 2 }) == true { connection.close() }
        }
        for connection in Array(connections.values) { connection.close() }
    }

    func connectionClosed(_ connection: SimulatorConnection) {
        connections[connection.fd] = nil
        statistics.withLock { $0.openConnections = connections.count }
    }

    func streamOpened(_ connection: SimulatorConnection) {
        let open = connection.openStreams.count
        statistics.withLock { $0.peakConcurrentStreams = max($0.peakConcurrentStreams, open) }
    }

    func streamRefused() {
        statistics.withLock { $0.refusedStreams += 1 }
    }

    /// Checks a complete request, applies the faults, and answers it (now or later).
    func handle(_ request: SimulatorRequest, stream: Int32, on connection: SimulatorConnection) {
        let token = request.path.map { String($0.dropFirst("/3/device/".count)).lowercased() } ?? ""
        var verdict =
            service?(request)
            ?? checker.check(request, certificateAuthorized: connection.certificateAuthorized, boundKeyID: &connection.boundKeyID)
        var delay = 0.0
        var goAwayAfter = false
        for action in faults.isEmpty ? [] : faults.actions(for: token) {
            switch action {
            case .reject(let status, let reason): verdict = .reject(status: status, reason: reason)
            case .delay(let ms): delay += Double(ms) / 1000
            case .goAway: goAwayAfter = true
            case .stall:
                statistics.withLock { $0.stalled += 1 }
                connection.isStalled = true
                return
            case .dropConnection:
                statistics.withLock { $0.dropped += 1 }
                connection.close()
                return
            }
        }
        if case .stall = verdict {
            statistics.withLock { $0.stalled += 1 }
            connection.isStalled = true
            return
        }
        if delay > 0 {
            delayed.append(
                Delayed(
                    deadline: Self.monotonic() + delay, connection: connection, stream: stream, verdict: verdict, goAwayAfter: goAwayAfter))
        } else {
            answer(verdict, stream: stream, on: connection, goAwayAfter: goAwayAfter)
        }
    }

    private func answer(_ verdict: SimulatorVerdict, stream: Int32, on connection: SimulatorConnection, goAwayAfter: Bool) {
        switch verdict {
        case .accept(let notification):
            // In the file before the 200 is queued: a record is never missing for a 200.
            guard recorder.record(notification) else {
                return answer(
                    .reject(status: 500, reason: "InternalServerError"), stream: stream, on: connection, goAwayAfter: goAwayAfter)
            }
            if notification.channelID != nil {
                connection.respond(stream: stream, status: 200, apnsID: nil, headers: [("apns-request-id", notification.apnsID)], body: nil)
            } else {
                connection.respond(stream: stream, status: 200, apnsID: notification.apnsID, body: nil)
            }
            statistics.withLock {
                $0.requests += 1
                $0.accepted += 1
            }
        case .answer(let status, let headers, let body):
            connection.respond(stream: stream, status: status, apnsID: nil, headers: headers, body: body)
            statistics.withLock { $0.requests += 1 }
        case .stall:
            break
        case .reject(let status, let reason):
            var body = #"{"reason":"\#(reason)""#
            if status == 410 { body += #","timestamp":\#(Int64(now() * 1000))"# }
            body += "}"
            connection.respond(stream: stream, status: status, apnsID: UUID().uuidString.lowercased(), body: Array(body.utf8))
            statistics.withLock {
                $0.requests += 1
                $0.rejected[reason, default: 0] += 1
            }
        }
        if goAwayAfter {
            connection.goAway()
            statistics.withLock { $0.goAways += 1 }
        }
    }

    private func runDelayed() {
        guard !delayed.isEmpty else { return }
        let time = Self.monotonic()
        let due = delayed.filter { $0.deadline <= time }
        delayed.removeAll { $0.deadline <= time }
        for item in due where !item.connection.isClosed {
            answer(item.verdict, stream: item.stream, on: item.connection, goAwayAfter: item.goAwayAfter)
            item.connection.flush()
        }
    }

    private func runCommands() {
        let pending = commands.withLock { queue -> [Command] in
            defer { queue.removeAll() }
            return queue
        }
        for command in pending {
            switch command {
            case .goAway:
                let open = Array(connections.values)
                statistics.withLock { $0.goAways += open.count }
                for connection in open {
                    connection.goAway()
                    connection.flush()
                }
            case .dropConnections:
                let open = Array(connections.values)
                statistics.withLock { $0.dropped += open.count }
                for connection in open { connection.close() }
            case .addFault(let fault): faults.add(fault)
            case .clearFaults: faults.removeAll()
            case .stop: running = false
            }
        }
    }

    private func acceptAll() {
        for _ in 0..<64 {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { return }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            nextID += 1
            guard let connection = try? SimulatorConnection(fd: fd, id: nextID, server: self) else {
                Glibc.close(fd)
                continue
            }
            connections[fd] = connection
            statistics.withLock {
                $0.connections += 1
                $0.openConnections = connections.count
            }
        }
    }

    private func drainWakeups() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    /// Seconds on the monotonic clock (`LiveServerClock`'s): deadlines in the poll loop.
    static func monotonic() -> Double { LiveServerClock().now }
}
