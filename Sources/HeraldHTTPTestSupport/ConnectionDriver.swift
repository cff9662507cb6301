import HeraldHTTP
import HeraldShared

/// Where a test connection's work runs: at once (`inline`, as if the pool were idle and
/// instant), or when the test says (`manual`); `accepting` false plays a full queue.
package final class TestExecutor: HTTPExecutor, @unchecked Sendable {
    package enum Mode { case inline, manual }
    package let mode: Mode
    private let jobs = Locked<[@Sendable () -> Void]>([])
    package let accepting = Locked(true)

    package init(_ mode: Mode) { self.mode = mode }

    package func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        guard accepting.current else { return false }
        switch mode {
        case .inline: job()
        case .manual: jobs.withLock { $0.append(job) }
        }
        return true
    }

    /// Jobs submitted and not run yet.
    package var queued: Int { jobs.current.count }

    /// Runs the oldest job waiting; false when none is.
    @discardableResult
    package func runNext() -> Bool {
        guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
        job()
        return true
    }
}

/// A connection driven byte by byte on a virtual clock: what the client sends, what the
/// handler was asked, what came back. It plays the event loop: the work the connection
/// hands off goes to `executor`, and its results come back to the connection.
package final class ConnectionDriver {
    package let budget: HTTPBodyBudget
    package let connection: HTTPConnection
    package let executor: TestExecutor
    package var now = 0.0
    package let decisions = Locked<[String]>([])
    package let bodies = Locked<[[UInt8]]>([])
    /// Results of work, as the worker threads post them to the loop.
    private let inbox = Locked<[(id: UInt64, result: HTTPWork.Result)]>([])

    package init(
        budget: Int = 1 << 20, unkeyedBudget: Int? = nil, settings: HTTPConnection.Settings = .defaults,
        executor: TestExecutor = TestExecutor(.inline),
        decide: HTTPConnection.Decide? = nil
    ) {
        self.budget = HTTPBodyBudget(capacity: budget, unkeyedCapacity: unkeyedBudget)
        self.executor = executor
        let decisions = self.decisions, bodies = self.bodies
        connection = HTTPConnection(
            settings: settings, budget: self.budget, now: 0,
            decide: decide ?? { request in
                decisions.withLock { $0.append("\(request.method) \(request.path)") }
                guard request.header("authorization") == "Bearer good" else {
                    return .respond(.json(401, ["error": ["code": "unauthorized", "message": "no"]]))
                }
                return .read(limit: 1000, owner: HTTPBodyOwner(keyed: true, server: true)) { request in
                    bodies.withLock { $0.append(request.body) }
                    return .json(200, ["bytes": .int(request.body.count)])
                }
            })
    }

    package func send(_ text: String) { send(Array(text.utf8)) }

    package func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { connection.receive($0, now: now) }
        pump()
    }

    /// What the loop does after every turn: hand the connection's work to the executor,
    /// and give it the results that came back, until neither changes anything.
    package func pump() {
        while true {
            var moved = false
            while let work = connection.takeWork() {
                moved = true
                let inbox = self.inbox
                let queued = executor.submit {
                    guard let result = work.run() else { return }
                    inbox.withLock { $0.append((work.id, result)) }
                }
                if !queued { connection.refused(work.id, now: now) }
            }
            let done = inbox.withLock { done in
                defer { done = [] }
                return done
            }
            for (id, result) in done {
                moved = true
                connection.finished(id, result, now: now)
                if let (later, work) = connection.takeParked() {
                    let inbox = self.inbox
                    later.attach { response in inbox.withLock { $0.append((work, .response(response))) } }
                }
            }
            if !moved { return }
        }
    }

    /// Runs the oldest job of a manual executor, and gives its result to the connection.
    package func finishNext() {
        executor.runNext()
        pump()
    }

    /// Everything the connection has to write, as the client reads it.
    package func take() -> String {
        var bytes: [UInt8] = []
        pump()
        while connection.hasOutput {
            let chunk = connection.withOutput { Array($0) }
            bytes += chunk
            connection.wrote(chunk.count, now: now)
            pump()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package func advance(to time: Double) {
        now = time
        connection.tick(now: time)
        pump()
    }
}
