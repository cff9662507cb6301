/// A JSON Web Token in compact form, `header.claims.signature`, taken apart or put together.
///
/// No cryptography here: the caller signs the signing input and checks the signature with
/// its own key (ES256 for APNs, RS256 for FCM, HS256 for user tokens).
public struct CompactJWT: Sendable, Hashable {
    /// The header's JSON object.
    public var header: [String: JSONValue]
    /// The claims' JSON object.
    public var claims: [String: JSONValue]
    /// `header.claims`, the bytes the signature covers.
    public var signingInput: [UInt8]
    /// The signature bytes.
    public var signature: [UInt8]

    /// Splits and decodes `token`; `nil` when it is not three base64url parts with JSON objects
    /// nested at most `maxDepth` deep.
    public init?(_ token: some StringProtocol, maxDepth: Int = 512) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2]),
            let header = try? JSONParser(maxDepth: maxDepth).parse(headerBytes).objectValue,
            let claims = try? JSONParser(maxDepth: maxDepth).parse(claimBytes).objectValue
        else { return nil }
        self.header = header
        self.claims = claims
        signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        self.signature = signature
    }

    /// The token of `header` and `claims`, signed by `sign` over their signing input.
    public static func signed<Failure: Error>(
        header: JSONValue, claims: JSONValue, by sign: ([UInt8]) throws(Failure) -> [UInt8]
    ) throws(Failure) -> String {
        let signingInput =
            Base64URL.encode(Array(JSONWriter.serialize(header).utf8)) + "."
            + Base64URL.encode(Array(JSONWriter.serialize(claims).utf8))
        return signingInput + "." + Base64URL.encode(try sign(Array(signingInput.utf8)))
    }
}
