/// An app's scoped server keys and its audit log (`SQLStore+Keys`, `SQLStore+Audit`).
public protocol TeamStore: AnyObject, Sendable {
    /// Adds a key with its hash; throws `.limitExceeded` when the app has `limit` keys not revoked.
    func createKey(_ key: APIKeyRecord, hash: String, limit: Int) throws
    /// The app's keys, revoked ones too, oldest first.
    func keys(appID: String) throws -> [APIKeyRecord]
    /// The key whose SHA-256 is `hash` (revoked or not), read on the key-check connections.
    func key(hash: String) throws -> APIKeyRecord?
    /// Revokes a key at `now`: the key, or nil when the app has no such key (a key revoked
    /// before keeps its first time).
    func revokeKey(appID: String, id: String, now: Double) throws -> APIKeyRecord?
    /// Records that a key was used at `at`, when its last use is older than `olderThan`.
    func touchKey(id: String, at: Double, olderThan: Double) throws

    /// Writes an entry in its own transaction (a refusal; a request that committed no write).
    func recordAudit(_ entry: AuditEntry) throws
    /// One page of the app's log.
    func auditEntries(appID: String, _ query: AuditQuery) throws -> [AuditEntry]
    /// Deletes up to `limit` of the oldest entries written before `before`; how many.
    func pruneAudit(before: Double, limit: Int) throws -> Int
}
