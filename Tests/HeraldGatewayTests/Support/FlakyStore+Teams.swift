@testable import HeraldStore

/// Keys and the audit log, through the gate like every other call.
extension FlakyStore {
    func createKey(_ key: APIKeyRecord, hash: String, limit: Int) throws { try pass(base).createKey(key, hash: hash, limit: limit) }
    func keys(appID: String) throws -> [APIKeyRecord] { try pass(base).keys(appID: appID) }
    func key(hash: String) throws -> APIKeyRecord? { try pass(base).key(hash: hash) }
    func revokeKey(appID: String, id: String, now: Double) throws -> APIKeyRecord? { try pass(base).revokeKey(appID: appID, id: id, now: now) }
    func touchKey(id: String, at: Double, olderThan: Double) throws { try pass(base).touchKey(id: id, at: at, olderThan: olderThan) }
    func recordAudit(_ entry: AuditEntry) throws { try pass(base).recordAudit(entry) }
    func auditEntries(appID: String, _ query: AuditQuery) throws -> [AuditEntry] { try pass(base).auditEntries(appID: appID, query) }
    func pruneAudit(before: Double, limit: Int) throws -> Int { try pass(base).pruneAudit(before: before, limit: limit) }
}
