import CLibPQ
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A NOTIFY that reached a listening connection.
public struct PostgresNotification: Sendable, Hashable {
    public var channel: String
    public var payload: String
    /// The server process of the session that sent it.
    public var senderPID: Int
}

/// LISTEN/NOTIFY, thin: several `herald serve` processes will wake each other with them.
extension PostgresConnection {
    /// Starts listening on `channel` (any text: it is quoted as an identifier). A
    /// reconnect ends every LISTEN: listen again after one (`reconnects` tells).
    public func listen(_ channel: String) throws(PostgresError) {
        try executeScript("LISTEN \(try quotedIdentifier(channel))")
    }

    public func unlisten(_ channel: String) throws(PostgresError) {
        try executeScript("UNLISTEN \(try quotedIdentifier(channel))")
    }

    /// Sends `payload` (under 8000 bytes) to every session listening on `channel`; inside
    /// a transaction, when it commits.
    public func notify(_ channel: String, payload: String = "") throws(PostgresError) {
        // one store: NOTIFY (SQLite has no other process to tell)
        try execute("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }

    /// The next notification for this session: one that arrived already, or the first to
    /// arrive within `timeout` seconds; nil when none did.
    public func waitForNotification(timeout: Double) throws(PostgresError) -> PostgresNotification? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            guard PQconsumeInput(handle) == 1 else { throw connectionError("cannot read notifications") }
            if let notification = nextNotification() { return notification }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
            guard descriptor.fd >= 0 else { throw connectionError("the connection has no socket to wait on") }
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, Double(Int32.max)).rounded(.up)))
            guard ready >= 0 || errno == EINTR else {
                throw PostgresError(.connection, message: "poll failed: \(String(cString: strerror(errno)))", server: redactedURL)
            }
        }
    }

    /// The next notification libpq has queued, if any.
    private func nextNotification() -> PostgresNotification? {
        guard let pointer = PQnotifies(handle) else { return nil }
        defer { PQfreemem(pointer) }
        let notice = pointer.pointee
        return PostgresNotification(
            channel: String(cString: notice.relname), payload: notice.extra.map { String(cString: $0) } ?? "",
            senderPID: Int(notice.be_pid))
    }

    /// `name` as a double-quoted SQL identifier.
    private func quotedIdentifier(_ name: String) throws(PostgresError) -> String {
        guard let quoted = PQescapeIdentifier(handle, name, name.utf8.count) else {
            throw PostgresError(.value, message: "cannot quote \"\(name)\": \(clean(String(cString: PQerrorMessage(handle))))")
        }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }
}
