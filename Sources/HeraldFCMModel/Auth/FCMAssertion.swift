import HeraldCrypto
import HeraldShared

/// The OAuth 2.0 JWT-bearer assertion (RFC 7523) a service account trades for an access
/// token: RS256, `iss` = the client e-mail, `scope` = FCM's, `aud` = the token URI, valid an hour.
public struct FCMAssertion: Sendable, Hashable {
    /// The scope FCM's HTTP v1 API needs.
    public static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// The longest life Google accepts: `exp` at most an hour after `iat`.
    public static let lifetime = 3600
    /// `grant_type` of the token request.
    public static let grantType = "urn:ietf:params:oauth:grant-type:jwt-bearer"

    public var algorithm: String?
    public var type: String?
    public var issuer: String?
    public var scope: String?
    public var audience: String?
    public var issuedAt: Int?
    public var expiresAt: Int?
    /// `header.claims`, the bytes the signature covers.
    public var signingInput: [UInt8]
    public var signature: [UInt8]

    /// The signed assertion of `account`, issued at `issuedAt` (Unix seconds).
    public static func sign(_ account: FCMServiceAccount, issuedAt: Int) throws(OpenSSLError) -> String {
        var header: [String: JSONValue] = ["alg": "RS256", "typ": "JWT"]
        if let id = account.privateKeyID { header["kid"] = .string(id) }
        let claims: JSONValue = [
            "iss": .string(account.clientEmail), "scope": .string(scope), "aud": .string(account.tokenURI),
            "iat": .int(issuedAt), "exp": .int(issuedAt + lifetime),
        ]
        return try CompactJWT.signed(header: .object(header), claims: claims, by: account.privateKey.sign)
    }

    /// The form body of the token request: `grant_type=…&assertion=…`.
    public static func grantBody(assertion: String) -> [UInt8] {
        Array(FormEncoding.encode([("grant_type", grantType), ("assertion", assertion)]).utf8)
    }

    /// Splits and decodes `token`; `nil` when it is not three base64url parts with JSON objects.
    public init?(_ token: some StringProtocol) {
        guard let jwt = CompactJWT(token) else { return nil }
        algorithm = jwt.header["alg"]?.stringValue
        type = jwt.header["typ"]?.stringValue
        issuer = jwt.claims["iss"]?.stringValue
        scope = jwt.claims["scope"]?.stringValue
        audience = jwt.claims["aud"]?.stringValue
        issuedAt = jwt.claims["iat"]?.intValue
        expiresAt = jwt.claims["exp"]?.intValue
        signingInput = jwt.signingInput
        signature = jwt.signature
    }

    /// Whether `key` signed this assertion.
    public func isSigned(by key: RSAPublicKey) -> Bool {
        algorithm == "RS256" && key.verify(signature: signature, of: signingInput)
    }
}
