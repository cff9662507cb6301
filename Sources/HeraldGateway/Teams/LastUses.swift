import HeraldShared
import HeraldStore

/// When each scoped key or person's session was last used, written to the store at most
/// once a minute per id and process (`api_keys.last_used_at`, `account_sessions.last_seen_at`),
/// so a key that publishes a thousand times a second costs one small write a minute, not one
/// a request. A failed write is not retried: the next use a minute on writes again.
final class LastUses: Sendable {
    static let interval = 60.0
    /// Ids remembered at once; past it the memory starts over (an id then writes once more).
    static let capacity = 10_000
    private let written = Locked([String: Double]())

    /// Calls `write` when `id`'s last write here is a minute old or more.
    func used(_ id: String, now: Double, write: () -> Void) {
        let due = written.withLock { written -> Bool in
            if let last = written[id], now - last < Self.interval { return false }
            if written.count >= Self.capacity { written.removeAll() }
            written[id] = now
            return true
        }
        if due { write() }
    }
}

/// A server key or person refused (a revoked key, a scope the caller lacks): answered with
/// `error` and recorded in the audit log as denied.
struct CallerRefusal: Error {
    var actor: AuditActor
    var appID: String
    var error: APIError
}
