import HeraldShared

/// A user token: an HS256 JWT from the app's backend that proves a device may act for a
/// user of one app. `sub` is the user id, `aud` the app id, `iat` and `exp` bound its life
/// to at most an hour. Any JWT library makes one; `UserTokenSigner` does in Swift.
public struct UserToken: Sendable, Hashable {
    /// `sub`.
    public var userID: String
    /// `aud` (one app id, or a list that holds it).
    public var audience: [String]
    /// `iat`, seconds since 1970.
    public var issuedAt: Double
    /// `exp`, seconds since 1970.
    public var expiresAt: Double
    /// `nbf`, when present.
    public var notBefore: Double?

    /// The longest a token may live (`exp - iat`), and the furthest ahead `exp` may be.
    public static let maxLifetime: Double = 3600
    /// Clock skew allowed between the backend and the gateway, each way.
    public static let leeway: Double = 60
    /// A longer token is refused unread.
    public static let maxLength = 4096

    public init(userID: String, audience: [String], issuedAt: Double, expiresAt: Double, notBefore: Double? = nil) {
        self.userID = userID
        self.audience = audience
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.notBefore = notBefore
    }
}

/// Signs user tokens for one app: what a Swift backend calls when a user logs in.
///
/// ```swift
/// let signer = try UserTokenSigner(appID: "app_5f0c…", secret: ProcessInfo.processInfo.environment["HERALD_USER_TOKEN_SECRET"]!)
/// let token = try signer.token(userID: user.id, now: Date().timeIntervalSince1970)   // give it to the app
/// ```
public struct UserTokenSigner: Sendable {
    public let appID: String
    private let key: [UInt8]

    /// `secret` is the app's `userTokenSecret` (`herald app create`, `herald app rotate-key --key user-token`).
    public init(appID: String, secret: String) throws(UserTokenError) {
        guard !secret.isEmpty else { throw UserTokenError(.noSecret, "the user-token secret is empty; give the app's userTokenSecret") }
        self.appID = appID
        key = Array(secret.utf8)
    }

    /// A token for `userID` issued at `now` (seconds since 1970) that lives `lifetime` seconds (at most an hour).
    public func token(userID: String, now: Double, lifetime: Double = UserToken.maxLifetime) throws(UserTokenError) -> String {
        guard !userID.isEmpty else { throw UserTokenError(.missingClaim, "the user id is empty") }
        guard lifetime > 0, lifetime <= UserToken.maxLifetime else {
            throw UserTokenError(.lifetimeTooLong, "a user token lives 1 to \(Int(UserToken.maxLifetime)) seconds, not \(lifetime)")
        }
        let issuedAt = Int(now.rounded(.down))
        let header: JSONValue = ["alg": "HS256", "typ": "JWT"]
        let claims: JSONValue = [
            "sub": .string(userID), "aud": .string(appID), "iat": .int(issuedAt), "exp": .int(issuedAt + Int(lifetime)),
        ]
        return CompactJWT.signed(header: header, claims: claims) { HMACSHA256.mac(key: key, message: $0) }
    }
}
