import HeraldShared
import HeraldStore

/// When each scoped key was last used, written to the store at most once a minute per key
/// and process (`api_keys.last_used_at`), so a key that publishes a thousand times a second
/// costs one small write a minute, not one a request. A failed write is not retried: the
/// next use a minute on writes it again.
final class KeyUses: Sendable {
    static let interval = 60.0
    /// Keys remembered at once; past it the memory starts over (a key then writes once more).
    static let capacity = 10_000
    private let written = Locked([String: Double]())

    func used(_ keyID: String, store: any TeamStore, now: Double) {
        let due = written.withLock { written -> Bool in
            if let last = written[keyID], now - last < Self.interval { return false }
            if written.count >= Self.capacity { written.removeAll() }
            written[keyID] = now
            return true
        }
        guard due else { return }
        try? store.touchKey(id: keyID, at: now, olderThan: now - Self.interval)
    }
}

/// A server key or person refused (a revoked key, a scope the caller lacks): answered with
/// `error` and recorded in the audit log as denied.
struct CallerRefusal: Error {
    var actor: AuditActor
    var appID: String
    var error: APIError
}
