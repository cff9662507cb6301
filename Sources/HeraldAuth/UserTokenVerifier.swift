import HeraldShared

/// Checks user tokens for one app: the gateway asks it before it binds a device to a user.
///
/// The order of the checks is the order of trust: the shape, then the algorithm (only
/// `HS256`; `none` never), then the signature, and only then what the claims say, so a
/// forged token learns nothing about the claims it would need.
public struct UserTokenVerifier: Sendable {
    public let appID: String
    private let key: [UInt8]

    public init(appID: String, secret: String) throws(UserTokenError) {
        guard !secret.isEmpty else {
            throw UserTokenError(.noSecret, "app \(appID) has no user-token secret; run 'herald app rotate-key --app \(appID) --key user-token'")
        }
        self.appID = appID
        key = Array(secret.utf8)
    }

    /// The token's claims when it is a valid token of this app for `userID` at `now`.
    @discardableResult
    public func verify(_ token: String, userID: String, now: Double) throws(UserTokenError) -> UserToken {
        guard token.utf8.count <= UserToken.maxLength else {
            throw UserTokenError(.malformed, "the user token is over \(UserToken.maxLength) bytes; a user token is a short HS256 JWT")
        }
        guard let jwt = CompactJWT(token, maxDepth: 8) else {
            throw UserTokenError(.malformed, "the user token is not a JWT (three base64url parts: header, claims, signature)")
        }
        let algorithm = jwt.header["alg"]?.stringValue ?? "none"
        guard algorithm == "HS256" else {
            throw UserTokenError(.unsupportedAlgorithm, "the user token is signed with \(Self.quoted(algorithm)); sign it with HS256 and the app's user-token secret")
        }
        guard ConstantTime.equal(HMACSHA256.mac(key: key, message: jwt.signingInput), jwt.signature) else {
            throw UserTokenError(
                .badSignature, "the user token's signature is not app \(appID)'s: sign it with this app's current userTokenSecret (a rotated secret stops working)")
        }
        let parsed = try Self.claims(jwt.claims)
        guard parsed.audience.contains(appID) else {
            throw UserTokenError(.wrongApp, "the user token is for app \(Self.quoted(parsed.audience.joined(separator: ", "))), not \(appID); set aud to the app id")
        }
        guard parsed.userID == userID else {
            throw UserTokenError(.wrongUser, "the user token is for user \(Self.quoted(parsed.userID)), not \(Self.quoted(userID)); sub must be the userId being bound")
        }
        let leeway = UserToken.leeway
        guard parsed.expiresAt > now - leeway else {
            throw UserTokenError(.expired, "the user token expired \(Int(now - parsed.expiresAt)) s ago; ask the backend for a new one")
        }
        guard parsed.issuedAt <= now + leeway, (parsed.notBefore ?? 0) <= now + leeway else {
            throw UserTokenError(.notYetValid, "the user token is issued in the future (iat or nbf after now); check the backend's clock")
        }
        guard parsed.expiresAt - parsed.issuedAt <= UserToken.maxLifetime, parsed.expiresAt <= now + UserToken.maxLifetime + leeway else {
            throw UserTokenError(
                .lifetimeTooLong, "the user token lives past an hour (exp at most 3600 s after iat and after now); issue short-lived tokens")
        }
        return parsed
    }

    private static func claims(_ claims: [String: JSONValue]) throws(UserTokenError) -> UserToken {
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty else {
            throw UserTokenError(.missingClaim, "the user token has no sub claim: set it to the user id")
        }
        let audience: [String]
        switch claims["aud"] {
        case .string(let app): audience = [app]
        case .array(let apps) where !apps.isEmpty && apps.allSatisfy({ $0.stringValue != nil }): audience = apps.compactMap(\.stringValue)
        default: throw UserTokenError(.missingClaim, "the user token has no aud claim: set it to the app id")
        }
        guard let expiresAt = claims["exp"]?.doubleValue else {
            throw UserTokenError(.missingClaim, "the user token has no exp claim (seconds since 1970, at most an hour ahead)")
        }
        guard let issuedAt = claims["iat"]?.doubleValue else {
            throw UserTokenError(.missingClaim, "the user token has no iat claim (seconds since 1970, when it was issued)")
        }
        var notBefore: Double?
        if let value = claims["nbf"] {
            guard let number = value.doubleValue else { throw UserTokenError(.missingClaim, "the user token's nbf claim is not a number") }
            notBefore = number
        }
        return UserToken(userID: subject, audience: audience, issuedAt: issuedAt, expiresAt: expiresAt, notBefore: notBefore)
    }

    /// A value from the token, quoted and cut short: it is the sender's text.
    private static func quoted(_ text: String) -> String {
        let visible = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
        return "\"" + (visible.count > 80 ? String(visible.prefix(80)) + "…" : visible) + "\""
    }
}
