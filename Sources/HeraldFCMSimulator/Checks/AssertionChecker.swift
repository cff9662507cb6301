import HeraldFCMModel

/// Checks a token request the way Google's token endpoint does: the form, the grant type,
/// the RS256 signature by the trusted account's key, and the claims.
struct AssertionChecker {
    let publicKey: RSAPublicKey
    let clientEmail: String
    /// The token endpoint's URL (`aud`), known once the server listens.
    let tokenURI: @Sendable () -> String

    static let googleAudience = "https://oauth2.googleapis.com/token"

    /// `nil` when the grant is good; otherwise OAuth's `error` and `error_description`.
    func check(_ body: [UInt8], now: Double) -> (error: String, description: String)? {
        guard let fields = FormEncoding.decode(String(decoding: body, as: UTF8.self)) else {
            return ("invalid_request", "the body is not a form")
        }
        func field(_ name: String) -> String? { fields.first { $0.0 == name }?.1 }
        guard field("grant_type") == FCMAssertion.grantType else {
            return ("unsupported_grant_type", "grant_type must be \(FCMAssertion.grantType)")
        }
        guard let text = field("assertion"), let assertion = FCMAssertion(text) else {
            return ("invalid_grant", "no assertion, or not a JWT")
        }
        guard assertion.isSigned(by: publicKey) else { return ("invalid_grant", "Invalid JWT Signature.") }
        guard assertion.issuer == clientEmail else { return ("invalid_grant", "Invalid JWT: iss is not the service account") }
        guard assertion.scope?.split(separator: " ").contains(Substring(FCMAssertion.scope)) == true else {
            return ("invalid_scope", "the scope does not include \(FCMAssertion.scope)")
        }
        // The token URI, or Google's own token endpoint: google-auth always puts Google's in
        // `aud`, whatever the file's token_uri, and Google accepts it.
        let audience = tokenURI()
        guard assertion.audience == audience || assertion.audience == Self.googleAudience else {
            return ("invalid_grant", "Invalid JWT: aud is not \(audience)")
        }
        guard let issuedAt = assertion.issuedAt, let expiresAt = assertion.expiresAt else {
            return ("invalid_grant", "Invalid JWT: iat and exp are required")
        }
        guard expiresAt > issuedAt, expiresAt - issuedAt <= FCMAssertion.lifetime else {
            return ("invalid_grant", "Invalid JWT: exp must be after iat and at most an hour later")
        }
        guard Double(issuedAt) <= now + 60, Double(expiresAt) > now else {
            return ("invalid_grant", "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe")
        }
        return nil
    }
}
