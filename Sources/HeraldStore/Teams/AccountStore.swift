/// The people who sign in to the console: accounts, their roles per app, invites, TOTP
/// and sessions (`SQLStore+Accounts`). Each method is one transaction.
public protocol AccountStore: AnyObject, Sendable {
    func createInvite(_ invite: InviteRecord) throws
    func invite(tokenHash: String) throws -> InviteRecord?
    /// Uses an invite: marks it used, makes `newAccount` when the e-mail has none (else uses
    /// the existing account), and gives the account the invite's role in its app. Throws
    /// `.conflict` when the invite was used or expired meanwhile.
    func acceptInvite(tokenHash: String, newAccount: AccountRecord, now: Double) throws -> AccountRecord
    func account(email: String) throws -> AccountRecord?
    /// The account's role in the app; nil when it is no member.
    func role(appID: String, accountID: String) throws -> String?
    /// The apps the account is a member of, with its role in each.
    func memberships(accountID: String) throws -> [(appID: String, role: String)]
    func members(appID: String) throws -> [MemberRecord]
    /// Invites of the app not used and not expired at `now`.
    func pendingInvites(appID: String, now: Double) throws -> [InviteRecord]
    /// Gives an existing account a role in the app; false when it already has one.
    func addMember(appID: String, accountID: String, role: String, now: Double) throws -> Bool
    /// Changes a member's role; false when no such member. Throws `.conflict` when it would
    /// leave the app without an owner.
    func setRole(appID: String, email: String, role: String) throws -> Bool
    /// Removes a member; false when no such member. Throws `.conflict` for the last owner.
    func removeMember(appID: String, email: String) throws -> Bool

    /// Keeps a new TOTP secret, pending until `enableTOTP`; false when TOTP is on already.
    func setPendingTOTP(accountID: String, secret: String, now: Double) throws -> Bool
    /// Turns TOTP on, the confirming code's step used.
    func enableTOTP(accountID: String, step: Int, now: Double) throws
    /// Records a sign-in's TOTP step; false when that step (or a later one) was used: a
    /// code works once.
    func useTOTPStep(accountID: String, step: Int) throws -> Bool
    /// Turns TOTP off and forgets the secret; false when no such member of the app.
    func resetTOTP(appID: String, email: String, now: Double) throws -> Bool

    func createSession(_ session: AccountSession) throws
    /// The session and its account, when the session is not ended or expired at `now`.
    func session(id: String, now: Double) throws -> (AccountSession, AccountRecord)?
    func touchSession(id: String, at: Double) throws
    func sessions(accountID: String, now: Double) throws -> [AccountSession]
    /// Ends one of the account's sessions; false when it has none with that id.
    func endSession(accountID: String, id: String) throws -> Bool
    /// Ends every session of the account but `except`; how many.
    func endSessions(accountID: String, except: String?) throws -> Int
    /// Deletes sessions and invites that ended before `before`; how many.
    func pruneSessions(before: Double, limit: Int) throws -> Int
}
