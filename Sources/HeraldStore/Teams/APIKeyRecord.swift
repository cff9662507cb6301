/// One of an app's scoped server keys (`hsk_…`) as the store keeps it: its name, its
/// scopes, who made it and when, when it was last used and revoked. The key itself is
/// never kept, only its SHA-256 (`TeamStore.createKey`).
public struct APIKeyRecord: Sendable, Hashable {
    /// `key_` and 16 hex digits.
    public var id: String
    public var appID: String
    public var name: String
    /// Scope names (the gateway's `Scope`), in the order given.
    public var scopes: [String]
    /// Seconds since 1970.
    public var createdAt: Double
    /// Who made it, as the audit log names actors (an e-mail, or a key's id).
    public var createdBy: String?
    public var lastUsedAt: Double?
    public var revokedAt: Double?

    public init(
        id: String, appID: String, name: String, scopes: [String], createdAt: Double, createdBy: String? = nil,
        lastUsedAt: Double? = nil, revokedAt: Double? = nil
    ) {
        self.id = id
        self.appID = appID
        self.name = name
        self.scopes = scopes
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }
}
