import HeraldShared

/// An OAuth 2.0 access token from the token endpoint: the bearer value and how long it lives.
public struct FCMAccessToken: Sendable, Hashable {
    /// The value for `Authorization: Bearer`.
    public var value: String
    /// Seconds it lives from when it was received (`expires_in`).
    public var expiresIn: Double

    public init(value: String, expiresIn: Double) {
        self.value = value
        self.expiresIn = expiresIn
    }

    /// The token of a 200 answer from the token endpoint: `{"access_token", "expires_in", "token_type": "Bearer"}`.
    public init(response body: [UInt8]) throws(FCMError) {
        let json = try? JSONParser().parse(body)
        guard let value = json?["access_token"]?.stringValue, !value.isEmpty, let expiresIn = json?["expires_in"]?.doubleValue,
            expiresIn > 0
        else {
            throw FCMError(
                status: 200, code: .unknown("BAD_TOKEN_RESPONSE"),
                message: "the token endpoint's answer has no access_token and positive expires_in: "
                    + String(decoding: body.prefix(200), as: UTF8.self))
        }
        if let type = json?["token_type"]?.stringValue, type.lowercased() != "bearer" {
            throw FCMError(
                status: 200, code: .unknown("BAD_TOKEN_RESPONSE"), message: "the token endpoint gave a \(type) token, not a Bearer token")
        }
        self.init(value: value, expiresIn: expiresIn)
    }
}
