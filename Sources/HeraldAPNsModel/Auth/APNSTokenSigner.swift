import HeraldCrypto
import HeraldShared

/// Signs APNs provider tokens: ES256 JWTs with `kid` (key id), `iss` (team id) and `iat`.
public struct APNSTokenSigner: Sendable {
    public let key: APNSSigningKey
    public let keyID: String
    public let teamID: String

    /// Checks the ids: Apple's key and team ids are 10 letters and digits.
    public init(key: APNSSigningKey, keyID: String, teamID: String) throws(APNSKeyError) {
        try Self.checkIdentifier(keyID, name: "key id", hint: "the 10-character Key ID shown beside the key in the Apple Developer account (also in the file name AuthKey_<KEYID>.p8)")
        try Self.checkIdentifier(teamID, name: "team id", hint: "the 10-character Team ID of the Apple Developer account (Membership details)")
        self.key = key
        self.keyID = keyID
        self.teamID = teamID
    }

    /// A token issued at `issuedAt` (Unix seconds).
    public func token(issuedAt: Int) throws(OpenSSLError) -> String {
        let header = Base64URL.encode(Array(#"{"alg":"ES256","kid":"\#(keyID)"}"#.utf8))
        let claims = Base64URL.encode(Array(#"{"iss":"\#(teamID)","iat":\#(issuedAt)}"#.utf8))
        let signingInput = header + "." + claims
        let signature = try key.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    static func checkIdentifier(_ value: String, name: String, hint: String) throws(APNSKeyError) {
        let valid = value.utf8.count == 10 && value.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        guard valid else {
            throw APNSKeyError(.badIdentifier, source: name, "\"\(value)\" is not 10 letters and digits; give \(hint)")
        }
    }
}
