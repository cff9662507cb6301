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

/// Accounts, through the gate like every other call.
extension FlakyStore {
    func createInvite(_ invite: InviteRecord) throws { try pass(base).createInvite(invite) }
    func invite(tokenHash: String) throws -> InviteRecord? { try pass(base).invite(tokenHash: tokenHash) }
    func acceptInvite(tokenHash: String, newAccount: AccountRecord, now: Double) throws -> AccountRecord {
        try pass(base).acceptInvite(tokenHash: tokenHash, newAccount: newAccount, now: now)
    }
    func account(email: String) throws -> AccountRecord? { try pass(base).account(email: email) }
    func role(appID: String, accountID: String) throws -> String? { try pass(base).role(appID: appID, accountID: accountID) }
    func memberships(accountID: String) throws -> [(appID: String, role: String)] { try pass(base).memberships(accountID: accountID) }
    func members(appID: String) throws -> [MemberRecord] { try pass(base).members(appID: appID) }
    func pendingInvites(appID: String, now: Double) throws -> [InviteRecord] { try pass(base).pendingInvites(appID: appID, now: now) }
    func addMember(appID: String, accountID: String, role: String, now: Double) throws -> Bool {
        try pass(base).addMember(appID: appID, accountID: accountID, role: role, now: now)
    }
    func setRole(appID: String, email: String, role: String) throws -> Bool { try pass(base).setRole(appID: appID, email: email, role: role) }
    func removeMember(appID: String, email: String) throws -> Bool { try pass(base).removeMember(appID: appID, email: email) }
    func setPendingTOTP(accountID: String, secret: String, now: Double) throws -> Bool {
        try pass(base).setPendingTOTP(accountID: accountID, secret: secret, now: now)
    }
    func enableTOTP(accountID: String, step: Int, now: Double) throws { try pass(base).enableTOTP(accountID: accountID, step: step, now: now) }
    func useTOTPStep(accountID: String, step: Int) throws -> Bool { try pass(base).useTOTPStep(accountID: accountID, step: step) }
    func resetTOTP(appID: String, email: String, now: Double) throws -> Bool { try pass(base).resetTOTP(appID: appID, email: email, now: now) }
    func createSession(_ session: AccountSession) throws { try pass(base).createSession(session) }
    func session(id: String, now: Double) throws -> (AccountSession, AccountRecord)? { try pass(base).session(id: id, now: now) }
    func touchSession(id: String, at: Double) throws { try pass(base).touchSession(id: id, at: at) }
    func sessions(accountID: String, now: Double) throws -> [AccountSession] { try pass(base).sessions(accountID: accountID, now: now) }
    func endSession(accountID: String, id: String) throws -> Bool { try pass(base).endSession(accountID: accountID, id: id) }
    func endSessions(accountID: String, except: String?) throws -> Int { try pass(base).endSessions(accountID: accountID, except: except) }
    func pruneSessions(before: Double, limit: Int) throws -> Int { try pass(base).pruneSessions(before: before, limit: limit) }
}
