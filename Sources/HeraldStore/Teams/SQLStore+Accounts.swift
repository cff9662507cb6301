import HeraldShared

/// Accounts, memberships, invites, TOTP and sessions (`AccountStore`), written once for both stores.
extension SQLStore {
    static func accountRecord(_ row: Database.Row, from start: Int = 0) throws -> AccountRecord {
        AccountRecord(
            id: try row.string(start), email: try row.string(start + 1), passwordHash: try row.string(start + 2),
            totpSecret: try row.optionalString(start + 3), totpEnabled: try row.bool(start + 4), totpLastStep: try row.optionalInt(start + 5),
            createdAt: try row.double(start + 6))
    }

    static func inviteRecord(_ row: Database.Row) throws -> InviteRecord {
        InviteRecord(
            tokenHash: try row.string(0), appID: try row.string(1), email: try row.string(2), role: try row.string(3),
            createdAt: try row.double(4), expiresAt: try row.double(5), usedAt: try row.optionalDouble(6))
    }

    static func sessionRecord(_ row: Database.Row) throws -> AccountSession {
        AccountSession(
            id: try row.string(0), accountID: try row.string(1), createdAt: try row.double(2), expiresAt: try row.double(3),
            lastSeenAt: try row.double(4), address: try row.optionalString(5), userAgent: try row.optionalString(6))
    }

    static func account(_ db: Database, email: String) throws -> AccountRecord? {
        try db.query(AccountStatements.accountByEmail, [.text(email)]) { try accountRecord($0) }.first
    }

    public func createInvite(_ invite: InviteRecord) throws {
        try write { db in
            AuditDraft.nameTarget(invite.email)
            try db.execute(
                AccountStatements.insertInvite,
                [.text(invite.tokenHash), .text(invite.appID), .text(invite.email), .text(invite.role), .double(invite.createdAt), .double(invite.expiresAt)])
        }
    }

    public func invite(tokenHash: String) throws -> InviteRecord? {
        try snapshot { db in try db.query(AccountStatements.invite, [.text(tokenHash)], Self.inviteRecord).first }
    }

    public func acceptInvite(tokenHash: String, newAccount: AccountRecord, now: Double) throws -> AccountRecord {
        try write { db in
            let sql = AccountStatements.self
            guard let invite = try db.query(sql.invite, [.text(tokenHash)], Self.inviteRecord).first,
                try db.execute(sql.useInvite, [.double(now), .text(tokenHash)]) == 1
            else { throw StoreError(.conflict, "the invite was used or expired meanwhile: ask for a new one") }
            var account = try Self.account(db, email: invite.email)
            if account == nil {
                try db.execute(
                    sql.insertAccount,
                    [
                        .text(newAccount.id), .text(invite.email), .text(newAccount.passwordHash), .bool(false), .double(now),
                        .double(now),
                    ])
                account = try Self.account(db, email: invite.email)
            }
            guard let account else { throw StoreError(.notFound, "account \(invite.email) vanished") }
            try db.lock(sql.lockApp, [.text(invite.appID)])
            try db.execute(sql.upsertMember, [.text(invite.appID), .text(account.id), .text(invite.role), .double(now)])
            return account
        }
    }

    public func account(email: String) throws -> AccountRecord? {
        try keyRead { db in try Self.account(db, email: email) }
    }

    public func role(appID: String, accountID: String) throws -> String? {
        try keyRead { db in try db.query(AccountStatements.role, [.text(appID), .text(accountID)]) { try $0.string(0) }.first }
    }

    public func memberships(accountID: String) throws -> [(appID: String, role: String)] {
        try snapshot { db in try db.query(AccountStatements.memberships, [.text(accountID)]) { (try $0.string(0), try $0.string(1)) } }
    }

    public func members(appID: String) throws -> [MemberRecord] {
        try snapshot { db in
            try db.query(AccountStatements.members, [.text(appID)]) {
                MemberRecord(email: try $0.string(0), role: try $0.string(1), since: try $0.double(2), totpEnabled: try $0.bool(3))
            }
        }
    }

    public func pendingInvites(appID: String, now: Double) throws -> [InviteRecord] {
        try snapshot { db in try db.query(AccountStatements.pendingInvites, [.text(appID), .double(now)], Self.inviteRecord) }
    }

    public func addMember(appID: String, accountID: String, role: String, now: Double) throws -> Bool {
        try write { db in
            try db.lock(AccountStatements.lockApp, [.text(appID)])
            return try db.execute(AccountStatements.insertMember, [.text(appID), .text(accountID), .text(role), .double(now)]) == 1
        }
    }

    /// The member's role and account id, and how many owners the app has, with the app locked.
    private static func lockedMember(_ db: Database, appID: String, email: String) throws -> (role: String, accountID: String, owners: Int)? {
        let sql = AccountStatements.self
        try db.lock(sql.lockApp, [.text(appID)])
        guard let (role, accountID) = try db.query(sql.memberRole, [.text(appID), .text(email)], { (try $0.string(0), try $0.string(1)) }).first
        else { return nil }
        let owners = try db.query(sql.owners, [.text(appID)]) { try $0.int(0) }.first ?? 0
        return (role, accountID, owners)
    }

    public func setRole(appID: String, email: String, role: String) throws -> Bool {
        try write { db in
            guard let member = try Self.lockedMember(db, appID: appID, email: email) else { return false }
            if member.role == "owner", role != "owner", member.owners <= 1 {
                throw StoreError(.conflict, "\(email) is the app's last owner: make another member owner first")
            }
            try db.execute(AccountStatements.setRole, [.text(role), .text(appID), .text(member.accountID)])
            return true
        }
    }

    public func removeMember(appID: String, email: String) throws -> Bool {
        try write { db in
            guard let member = try Self.lockedMember(db, appID: appID, email: email) else { return false }
            if member.role == "owner", member.owners <= 1 {
                throw StoreError(.conflict, "\(email) is the app's last owner: make another member owner first")
            }
            try db.execute(AccountStatements.removeMember, [.text(appID), .text(member.accountID)])
            return true
        }
    }

    public func setPendingTOTP(accountID: String, secret: String, now: Double) throws -> Bool {
        try write { db in try db.execute(AccountStatements.setPendingTOTP, [.text(secret), .double(now), .text(accountID)]) == 1 }
    }

    public func enableTOTP(accountID: String, step: Int, now: Double) throws {
        try write { db in _ = try db.execute(AccountStatements.enableTOTP, [.int(step), .double(now), .text(accountID)]) }
    }

    public func useTOTPStep(accountID: String, step: Int) throws -> Bool {
        try write { db in try db.execute(AccountStatements.useStep, [.int(step), .text(accountID)]) == 1 }
    }

    public func resetTOTP(appID: String, email: String, now: Double) throws -> Bool {
        try write { db in
            guard let (_, accountID) = try db.query(AccountStatements.memberRole, [.text(appID), .text(email)], { (try $0.string(0), try $0.string(1)) }).first
            else { return false }
            return try db.execute(AccountStatements.resetTOTP, [.double(now), .text(accountID)]) == 1
        }
    }

    public func createSession(_ session: AccountSession) throws {
        try write { db in
            try db.execute(
                AccountStatements.insertSession,
                [
                    .text(session.id), .text(session.accountID), .double(session.createdAt), .double(session.expiresAt),
                    .double(session.lastSeenAt), .optional(session.address), .optional(session.userAgent),
                ])
        }
    }

    public func session(id: String, now: Double) throws -> (AccountSession, AccountRecord)? {
        try keyRead { db in
            try db.query(AccountStatements.session, [.text(id), .double(now)]) { row in
                (try Self.sessionRecord(row), try Self.accountRecord(row, from: 7))
            }.first
        }
    }

    public func touchSession(id: String, at: Double) throws {
        try write { db in _ = try db.execute(AccountStatements.touchSession, [.double(at), .text(id)]) }
    }

    public func sessions(accountID: String, now: Double) throws -> [AccountSession] {
        try snapshot { db in try db.query(AccountStatements.sessions, [.text(accountID), .double(now)], Self.sessionRecord) }
    }

    public func endSession(accountID: String, id: String) throws -> Bool {
        try write { db in try db.execute(AccountStatements.endSession, [.text(accountID), .text(id)]) == 1 }
    }

    public func endSessions(accountID: String, except: String?) throws -> Int {
        try write { db in try db.execute(AccountStatements.endSessions, [.text(accountID), .text(except ?? "")]) }
    }

    public func pruneSessions(before: Double, limit: Int) throws -> Int {
        try write { db in
            try db.execute(AccountStatements.pruneSessions, [.double(before), .int(limit)])
                + db.execute(AccountStatements.pruneInvites, [.double(before), .int(limit)])
        }
    }
}
