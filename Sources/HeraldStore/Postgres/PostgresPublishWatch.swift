import Foundation

/// Hears of the publishes other processes commit to the same database (`NOTIFY
/// herald_publishes`, sent by `PostgresStore.createPublish` when its transaction commits)
/// and calls `wake` for them, on a thread of its own, so that every gateway starts on a
/// new publish at once instead of at its next poll. It listens on a connection of its
/// own (outside the pool); when that connection is lost it opens another, listens again,
/// and calls `wake` once for what it may have missed meanwhile. Connecting and LISTEN end
/// within `timeout` seconds; waiting for a notice only reads what has arrived (a frozen
/// server just sends none, and the workers' own polling goes on).
final class PostgresPublishWatch: PublishWatch, @unchecked Sendable {
    static let channel = "herald_publishes"
    private let url: String
    private let timeout: Double
    private let wake: @Sendable () -> Void
    private let lock = NSLock()
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    /// Listens before it returns: a publish committed after this is heard.
    init(url: String, timeout: Double, wake: @escaping @Sendable () -> Void) throws(PostgresError) {
        self.url = url
        self.timeout = timeout
        self.wake = wake
        let connection = try Self.listen(url, timeout: timeout)
        let thread = Thread { [self] in run(connection) }
        thread.name = "herald-publish-watch"
        thread.start()
    }

    /// Stops listening; returns once the thread has ended (within about half a second, or
    /// `timeout` while it reconnects).
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first { finished.wait() }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private static func listen(_ url: String, timeout: Double) throws(PostgresError) -> PostgresConnection {
        let connection = try PostgresConnection(url: url, timeout: timeout)
        try connection.listen(channel)
        return connection
    }

    private func run(_ first: PostgresConnection) {
        var connection: PostgresConnection? = first
        while !isStopped {
            do {
                guard let listening = connection else {
                    connection = try Self.listen(url, timeout: timeout)
                    wake()
                    continue
                }
                // Short waits, so that stop() is seen soon; several notices wake once.
                guard try listening.waitForNotification(timeout: 0.5) != nil else { continue }
                while try listening.waitForNotification(timeout: 0) != nil {}
                wake()
            } catch {
                connection = nil
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
        connection = nil
        finished.signal()
    }
}
