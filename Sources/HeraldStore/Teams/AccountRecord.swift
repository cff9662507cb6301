/// A person who signs in to Herald Console: one account per e-mail, across apps. The
/// password is kept as its scrypt hash (`PasswordHash.encoded`); the TOTP secret in
/// base32, pending until a code confirms it.
public struct AccountRecord: Sendable, Hashable {
    public var id: String
    /// Lowercase.
    public var email: String
    public var passwordHash: String
    public var totpSecret: String?
    public var totpEnabled: Bool
    /// The last TOTP step a sign-in used: a code of it or an earlier step is refused.
    public var totpLastStep: Int?
    public var createdAt: Double

    public init(
        id: String, email: String, passwordHash: String, totpSecret: String? = nil, totpEnabled: Bool = false, totpLastStep: Int? = nil,
        createdAt: Double
    ) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.totpSecret = totpSecret
        self.totpEnabled = totpEnabled
        self.totpLastStep = totpLastStep
        self.createdAt = createdAt
    }
}

/// A person's role in an app, as the members list shows it.
public struct MemberRecord: Sendable, Hashable {
    public var email: String
    public var role: String
    public var since: Double
    public var totpEnabled: Bool

    public init(email: String, role: String, since: Double, totpEnabled: Bool) {
        self.email = email
        self.role = role
        self.since = since
        self.totpEnabled = totpEnabled
    }
}

/// A one-time invite to an app (its token's SHA-256 only).
public struct InviteRecord: Sendable, Hashable {
    public var tokenHash: String
    public var appID: String
    public var email: String
    public var role: String
    public var createdAt: Double
    public var expiresAt: Double
    public var usedAt: Double?

    public init(tokenHash: String, appID: String, email: String, role: String, createdAt: Double, expiresAt: Double, usedAt: Double? = nil) {
        self.tokenHash = tokenHash
        self.appID = appID
        self.email = email
        self.role = role
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}

/// A console sign-in of a person: `id` is the SHA-256 of the cookie's token.
public struct AccountSession: Sendable, Hashable {
    public var id: String
    public var accountID: String
    public var createdAt: Double
    public var expiresAt: Double
    public var lastSeenAt: Double
    public var address: String?
    public var userAgent: String?

    public init(
        id: String, accountID: String, createdAt: Double, expiresAt: Double, lastSeenAt: Double, address: String?, userAgent: String?
    ) {
        self.id = id
        self.accountID = accountID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastSeenAt = lastSeenAt
        self.address = address
        self.userAgent = userAgent
    }
}
