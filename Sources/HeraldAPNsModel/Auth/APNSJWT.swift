import HeraldShared

/// A provider token taken apart: what a server reads before it trusts the token.
public struct APNSJWT: Sendable, Hashable {
    /// `alg` of the header (APNs requires `ES256`).
    public var algorithm: String?
    /// `kid` of the header: the key id.
    public var keyID: String?
    /// `iss` of the claims: the team id.
    public var teamID: String?
    /// `iat` of the claims, Unix seconds.
    public var issuedAt: Int?
    /// `header.claims`, the bytes the signature covers.
    public var signingInput: [UInt8]
    /// The raw `r || s` signature bytes.
    public var signature: [UInt8]

    /// Splits and decodes `token`; `nil` when it is not three base64url parts with JSON objects.
    public init?(_ token: some StringProtocol) {
        guard let jwt = CompactJWT(token) else { return nil }
        algorithm = jwt.header["alg"]?.stringValue
        keyID = jwt.header["kid"]?.stringValue
        teamID = jwt.claims["iss"]?.stringValue
        issuedAt = jwt.claims["iat"]?.intValue
        signingInput = jwt.signingInput
        signature = jwt.signature
    }

    /// Whether `key` signed this token.
    public func isSigned(by key: APNSPublicKey) -> Bool {
        key.verify(signature: signature, of: signingInput)
    }
}
