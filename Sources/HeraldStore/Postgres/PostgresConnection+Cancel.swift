import CLibPQ
import Foundation
import HeraldShared

/// Cancelling what a session runs once the gateway has given it up: a statement past its
/// deadline (`abandon`) is asked to stop with libpq's cancel request, on a thread of its
/// own, so the server stops working for nobody and lets go of the rows it locked. The
/// connection is closed as well, and every session runs with `client_connection_check_interval`
/// (`setSessionTimeouts`), so a server that misses the cancel (or is frozen while it is sent)
/// still ends the statement once it sees its client gone.
extension PostgresConnection {
    /// Cancels the statement running on this session now, without waiting: libpq's
    /// `PQcancel` opens a connection of its own and waits for the server's answer, which
    /// a frozen server never gives, so it runs on a thread, at most `PostgresCancel.limit`
    /// at once (past that, closing the connection ends the statement).
    func cancelRunningStatement() {
        guard let cancel = PQgetCancel(handle) else { return }
        guard PostgresCancel.reserve() else {
            PQfreeCancel(cancel)
            return
        }
        let request = PostgresCancel(cancel)
        let thread = Thread {
            request.send()
            PostgresCancel.release()
        }
        thread.name = "herald-pg-cancel"
        thread.start()
    }
}

/// One cancel request (`PGcancel`, which libpq lets another thread use), sent once.
final class PostgresCancel: @unchecked Sendable {
    private let cancel: OpaquePointer

    /// Cancel requests sent at once; each holds a thread until the server answers it.
    static let limit = 4
    private static let running = Locked(0)

    init(_ cancel: OpaquePointer) { self.cancel = cancel }

    deinit { PQfreeCancel(cancel) }

    func send() {
        var error = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &error, Int32(error.count))
    }

    static func reserve() -> Bool {
        running.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    static func release() { running.withLock { $0 -= 1 } }
}
