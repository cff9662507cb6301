import HeraldAuth
import HeraldShared
import HeraldStore

/// One-time invites to an app (`hin_` and 256 random bits; only the SHA-256 is stored),
/// made by an owner through the API or by `herald member invite`, which bootstraps an
/// app's first owner. An invite lasts 72 hours and works once.
public enum MemberInvites {
    public static let lifetime = 72.0 * 3600

    /// Records a new invite: its token (shown once) and record.
    public static func make(store: any AccountStore, appID: String, email: String, role: Role, now: Double) throws -> (
        token: String, record: InviteRecord
    ) {
        let token = Identifier.make("hin_", bytes: 32)
        let record = InviteRecord(
            tokenHash: SHA256.hex(token), appID: appID, email: email, role: role.rawValue, createdAt: now, expiresAt: now + lifetime)
        try store.createInvite(record)
        return (token, record)
    }

    /// The console page that takes the invite.
    public static func url(base: String, token: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + "#invite=" + token
    }

    public static func json(_ invite: InviteRecord, token: String, url: String) -> [String: JSONValue] {
        [
            "email": .string(invite.email), "role": .string(invite.role), "invite": .string(token), "url": .string(url),
            "expiresAt": .double(invite.expiresAt),
        ]
    }

    /// An e-mail address as accounts are keyed by; nil when it is none.
    public static func email(_ text: String) -> String? { EmailAddress.normalized(text) }
}
