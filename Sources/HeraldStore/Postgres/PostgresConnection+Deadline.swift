import CLibPQ
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Statements with a deadline: sent with libpq's asynchronous calls on the non-blocking
/// socket, their answer awaited with `poll` until the deadline. A server that stops
/// answering (frozen: its kernel still acknowledges every packet, so neither TCP keepalives
/// nor its own `statement_timeout` end the wait) costs a call its deadline, not a thread:
/// the connection is given up (`isAbandoned`) and the call throws `.deadline`. A statement
/// given up is cancelled on a thread of its own (`cancelRunningStatement`: a cancel
/// request would wait on the same silent server), and closing the connection ends the
/// session, and its transaction with it, at the latest once the server runs again.
extension PostgresConnection {
    /// What the next statement must end by: the call's deadline, else `timeout` from now;
    /// nil inside `withoutTimeouts`.
    var statementDeadline: StoreDeadline? {
        if isUnbounded { return nil }
        return deadline ?? StoreDeadline(seconds: timeout)
    }

    /// Sends a query with `send` (one of libpq's `PQsend…` calls) and waits for its results:
    /// the first that failed, else the last (as `PQexec` answers); nil when there was none.
    func exchange(_ sql: String, _ send: () -> Int32) throws(PostgresError) -> OpaquePointer? {
        let deadline = statementDeadline
        guard send() == 1 else { throw connectionError("cannot send the statement", sql: sql) }
        var kept: OpaquePointer?
        do throws(PostgresError) {
            try flush(by: deadline, sql: sql)
            while true {
                while PQisBusy(handle) == 0 {
                    guard let result = PQgetResult(handle) else { return kept }
                    if let previous = kept, PQresultStatus(previous) == PGRES_FATAL_ERROR {
                        PQclear(result)
                    } else {
                        if let previous = kept { PQclear(previous) }
                        kept = result
                    }
                }
                _ = try waitForSocket(POLLIN, by: deadline, sql: sql)
                // A lost connection reads as failed, and its results are errors.
                if PQconsumeInput(handle) == 0, PQisBusy(handle) != 0 {
                    throw connectionError("the connection was lost", sql: sql)
                }
            }
        } catch {
            if let kept { PQclear(kept) }
            throw error
        }
    }

    /// Sends what libpq holds for the server, as far as the socket takes it.
    private func flush(by deadline: StoreDeadline?, sql: String) throws(PostgresError) {
        while true {
            let flushed = PQflush(handle)
            if flushed == 0 { return }
            guard flushed > 0 else { throw connectionError("cannot send the statement", sql: sql) }
            // libpq reads while it writes: an answer may have to be taken in first.
            let ready = try waitForSocket(POLLOUT | POLLIN, by: deadline, sql: sql)
            if ready & Int16(POLLIN) != 0, PQconsumeInput(handle) == 0 {
                throw connectionError("the connection was lost", sql: sql)
            }
        }
    }

    /// Waits until the socket is ready for `events` (POLLIN, POLLOUT); the events it is
    /// ready for. Past `deadline` the connection is given up and this throws `.deadline`.
    func waitForSocket(_ events: Int32, by deadline: StoreDeadline?, sql: String? = nil) throws(PostgresError) -> Int16 {
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(events), revents: 0)
        guard descriptor.fd >= 0 else { throw connectionError("the connection has no socket to wait on", sql: sql) }
        while true {
            if let deadline, deadline.hasPassed { throw abandon(deadline, sql: sql) }
            let ready = poll(&descriptor, 1, deadline?.pollMilliseconds ?? -1)
            if ready > 0 { return descriptor.revents }
            guard ready == 0 || errno == EINTR else {
                throw PostgresError(.connection, message: "poll failed: \(String(cString: strerror(errno)))", sql: sql, server: redactedURL)
            }
        }
    }

    /// Gives the connection up: it is never used again (the pool closes it; used alone, it
    /// reconnects first). The error names the deadline.
    private func abandon(_ deadline: StoreDeadline, sql: String?) -> PostgresError {
        // A statement the server may still be running: ask it to stop (connecting has none).
        if sql != nil, !isAbandoned { cancelRunningStatement() }
        isAbandoned = true
        let what = sql == nil ? "could not connect" : "no answer"
        return PostgresError(
            .deadline,
            message: "\(what) within the \(deadline) deadline; the connection was given up (a transaction on it ends with it, uncommitted)",
            sql: sql, server: redactedURL)
    }
}
