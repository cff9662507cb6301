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
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONParser().parse(headerBytes).objectValue,
            let claims = try? JSONParser().parse(claimBytes).objectValue
        else { return nil }
        algorithm = header["alg"]?.stringValue
        keyID = header["kid"]?.stringValue
        teamID = claims["iss"]?.stringValue
        issuedAt = claims["iat"]?.intValue
        signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        self.signature = signature
    }

    /// Whether `key` signed this token.
    public func isSigned(by key: APNSPublicKey) -> Bool {
        key.verify(signature: signature, of: signingInput)
    }
}
