import Foundation
import Testing
@testable import HeraldStore

@Suite("Store: the audit log")
struct StoreAuditTests {
    static func draft(_ fixture: StoreFixture, _ action: String = "publish.create") -> AuditDraft {
        AuditDraft(appID: fixture.appID, actor: .key(id: "key_1", name: "ci"), action: action, target: nil, address: "203.0.113.9", at: 2_000)
    }

    @Test("an entry goes in with the first write its request commits, naming what the store made; a write rolled back takes its entry with it", arguments: StoreKind.tested)
    func sameTransaction(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let failing = Self.draft(fixture)
        struct Refused: Error {}
        AuditDraft.$current.withValue(failing) {
            #expect(throws: (any Error).self) { try fixture.store.createKey(APIKeyRecord(id: "key_x", appID: fixture.appID, name: "x", scopes: [], createdAt: 1), hash: "h", limit: 0) }
        }
        #expect(!failing.recorded)
        #expect(try fixture.store.auditEntries(appID: fixture.appID, AuditQuery()).isEmpty)

        let draft = Self.draft(fixture)
        let id = try AuditDraft.$current.withValue(draft) {
            let id = try fixture.publish(.interests(["news"]))
            // A second write of the same request adds no second entry.
            try fixture.register(1)
            return id
        }
        #expect(draft.recorded)
        let entries = try fixture.store.auditEntries(appID: fixture.appID, AuditQuery())
        #expect(entries.count == 1)
        #expect(entries.first?.target == id && entries.first?.actor == .key(id: "key_1", name: "ci"))
        #expect(entries.first?.address == "203.0.113.9" && entries.first?.outcome == .ok)
        // A device write shared with others (group commit) carries its own request's entry.
        let device = Self.draft(fixture, "device.register")
        try AuditDraft.$current.withValue(device) { try fixture.register(1, from: 5) }
        #expect(device.recorded)
        #expect(try fixture.store.auditEntries(appID: fixture.appID, AuditQuery(action: "device.")).count == 1)
    }

    @Test("pages newest first or after a cursor, filtered by actor and action family; pruning takes only old entries", arguments: StoreKind.tested)
    func pagesAndPrune(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        for n in 0..<10 {
            try fixture.store.recordAudit(
                AuditEntry(
                    appID: fixture.appID, at: Double(n), actor: n % 2 == 0 ? .member("ann@example.com") : .key(id: "key_1", name: "ci"),
                    action: n < 5 ? "publish.create" : "key.revoke", target: "t\(n)", address: nil, outcome: .ok))
        }
        try fixture.store.recordAudit(AuditEntry(appID: "app_other", at: 1, actor: .member("x@example.com"), action: "publish.create", target: nil, address: nil, outcome: .denied))
        let newest = try fixture.store.auditEntries(appID: fixture.appID, AuditQuery(limit: 3))
        #expect(newest.map(\.target) == ["t9", "t8", "t7"])
        let after = try fixture.store.auditEntries(appID: fixture.appID, AuditQuery(after: newest[2].seq, limit: 10))
        #expect(after.map(\.target) == ["t8", "t9"])
        #expect(try fixture.store.auditEntries(appID: fixture.appID, AuditQuery(actor: "ann@example.com")).count == 5)
        #expect(try fixture.store.auditEntries(appID: fixture.appID, AuditQuery(action: "publish.")).count == 5)
        #expect(try fixture.store.auditEntries(appID: fixture.appID, AuditQuery(action: "publish")).isEmpty)
        #expect(try fixture.store.pruneAudit(before: 4, limit: 100) == 5)
        #expect(try fixture.store.auditEntries(appID: fixture.appID, AuditQuery(limit: 100)).map(\.target).last == "t4")
        #expect(AuditEntry.seq(of: newest[0].id) == newest[0].seq)
    }
}

@Suite("Store: accounts, invites and sessions")
struct StoreAccountTests {
    @Test("an invite works once; sessions end and expire; ended sessions and invites are pruned", arguments: StoreKind.tested)
    func invitesAndSessions(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        try store.createInvite(InviteRecord(tokenHash: "h1", appID: fixture.appID, email: "a@example.com", role: "owner", createdAt: 0, expiresAt: 100))
        let account = try store.acceptInvite(
            tokenHash: "h1", newAccount: AccountRecord(id: "acct_1", email: "ignored", passwordHash: "$scrypt$x", createdAt: 1), now: 1)
        #expect(account.email == "a@example.com" && account.id == "acct_1")
        #expect(throws: StoreError.self) {
            try store.acceptInvite(tokenHash: "h1", newAccount: AccountRecord(id: "acct_2", email: "x", passwordHash: "y", createdAt: 1), now: 2)
        }
        #expect(try store.role(appID: fixture.appID, accountID: "acct_1") == "owner")
        #expect(throws: StoreError.self) { try store.removeMember(appID: fixture.appID, email: "a@example.com") }
        try store.createSession(AccountSession(id: "s1", accountID: "acct_1", createdAt: 1, expiresAt: 50, lastSeenAt: 1, address: nil, userAgent: nil))
        try store.createSession(AccountSession(id: "s2", accountID: "acct_1", createdAt: 2, expiresAt: 50, lastSeenAt: 2, address: nil, userAgent: nil))
        #expect(try store.session(id: "s1", now: 10)?.1.email == "a@example.com")
        #expect(try store.session(id: "s1", now: 60) == nil, "expired")
        #expect(try store.endSessions(accountID: "acct_1", except: "s2") == 1)
        #expect(try store.sessions(accountID: "acct_1", now: 10).map(\.id) == ["s2"])
        #expect(try store.useTOTPStep(accountID: "acct_1", step: 5) && !(try store.useTOTPStep(accountID: "acct_1", step: 5)))
        #expect(try store.pruneSessions(before: 200, limit: 10) == 2, "the expired session and the used invite")
    }
}
