import Foundation
import HeraldCrypto
import HeraldShared

/// RFC 8292 VAPID: the `Authorization: vapid t=<JWT>, k=<public key>` of a push request.
///
/// The JWT is ES256 with `{"typ":"JWT","alg":"ES256"}` and the claims `aud` (the push
/// endpoint's origin), `exp` (at most 24 hours ahead) and `sub` (the sender's `mailto:` or
/// `https:` contact, for the push service's operator to reach).
public struct VAPIDToken: Sendable {
    /// RFC 8292 §2: push services refuse an `exp` more than 24 hours ahead.
    public static let maximumLifetime = 24 * 3600
    public static let defaultLifetime = 12 * 3600

    public let key: VAPIDKey
    /// The contact: `mailto:` or `https:`.
    public let subject: String

    /// Checks `subject`; throws naming `vapid.sub`.
    public init(key: VAPIDKey, subject: String) throws(WebPushError) {
        try Self.checkSubject(subject)
        self.key = key
        self.subject = subject
    }

    /// The `aud` of `endpoint`: `scheme://host[:port]`, the port only when not the scheme's
    /// default; throws naming `subscription.endpoint` unless it is an http(s) URL with a host.
    public static func audience(of endpoint: String) throws(WebPushError) -> String {
        let field = "subscription.endpoint"
        guard let components = URLComponents(string: endpoint), let scheme = components.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = components.host, !host.isEmpty
        else {
            throw WebPushError(
                .badEndpoint, field: field, "\"\(endpoint)\" is not an https URL with a host; give the subscription's endpoint unchanged")
        }
        var origin = "\(scheme)://\(host.lowercased())"
        if let port = components.port, port != (scheme == "https" ? 443 : 80) { origin += ":\(port)" }
        return origin
    }

    /// The JWT for `endpoint`, expiring `lifetime` seconds (1 … 24 h) after `now` (Unix seconds).
    public func jwt(endpoint: String, now: Int, lifetime: Int = VAPIDToken.defaultLifetime) throws(WebPushError) -> String {
        guard lifetime > 0, lifetime <= Self.maximumLifetime else {
            throw WebPushError(
                .badLifetime, field: "vapid.exp",
                "a lifetime of \(lifetime) seconds; give 1 to \(Self.maximumLifetime) (push services refuse tokens valid for more than 24 hours)"
            )
        }
        let claims: JSONValue = .object([
            "aud": .string(try Self.audience(of: endpoint)), "exp": .int(now + lifetime), "sub": .string(subject),
        ])
        let signingInput =
            Base64URL.encode(Array(#"{"typ":"JWT","alg":"ES256"}"#.utf8)) + "." + Base64URL.encode(Array(JSONWriter.serialize(claims).utf8))
        do throws(OpenSSLError) {
            return signingInput + "." + Base64URL.encode(try key.sign(Array(signingInput.utf8)))
        } catch {
            throw WebPushError(.openSSL(error), field: "vapid.privateKey", error.description)
        }
    }

    /// The `Authorization` header value: `vapid t=<JWT>, k=<applicationServerKey>`.
    public func authorization(endpoint: String, now: Int, lifetime: Int = VAPIDToken.defaultLifetime) throws(WebPushError) -> String {
        "vapid t=\(try jwt(endpoint: endpoint, now: now, lifetime: lifetime)), k=\(key.applicationServerKey)"
    }

    static func checkSubject(_ subject: String) throws(WebPushError) {
        let lower = subject.lowercased()
        let ok: Bool
        if lower.hasPrefix("mailto:") {
            ok = subject.dropFirst(7).contains("@")
        } else if lower.hasPrefix("https:") {
            ok = URLComponents(string: subject)?.host.map { !$0.isEmpty } ?? false
        } else {
            ok = false
        }
        guard ok, !subject.contains(where: { $0.isWhitespace }) else {
            throw WebPushError(
                .badContact, field: "vapid.sub",
                "\"\(subject)\" is neither a mailto: address nor an https: URL; give a contact for the push service's operator, e.g. mailto:push@example.com"
            )
        }
    }
}
