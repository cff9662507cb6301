import Foundation
import HeraldAuth
import HeraldHTTP
import HeraldStore

/// A person's console session as its cookie carries it: `a1.` and a random token (256
/// bits, hex). The store keeps only the token's SHA-256 (`account_sessions.id`), so a
/// copy of the database signs no one in; every gateway looks the session up at each
/// request, so signing out, a revoked session, a removed member or a changed role holds
/// at once everywhere.
enum AccountCookie {
    static let prefix = "a1."
    /// How long a session lasts: 12 hours, as the server-key sessions.
    static let lifetime = ConsoleSession.lifetime

    /// A new token and the cookie value that carries it.
    static func make() -> (token: String, value: String) {
        let token = Identifier.make("", bytes: 32)
        return (token, prefix + token)
    }

    /// The session id (the token's SHA-256) of a request's cookie, when it is a person's.
    static func sessionID(in request: HTTPRequest) -> String? {
        guard let value = ConsoleSession.cookie(in: request), value.hasPrefix(prefix) else { return nil }
        let token = value.dropFirst(prefix.count)
        guard token.count == 64, token.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else { return nil }
        return SHA256.hex(String(token))
    }

    static func setCookie(_ value: String, expiresAt: Double, secure: Bool, now: Double) -> String {
        let maxAge = max(0, Int(expiresAt - now))
        return "\(ConsoleSession.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}

/// An e-mail address as accounts are keyed by: trimmed and lowercased; nil when it is not
/// one (an `@` with text on both sides and a dot in the domain, no space or control
/// character, at most 254 characters).
enum EmailAddress {
    static func normalized(_ text: String) -> String? {
        let email = text.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard (3...254).contains(email.count), parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), !email.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7f || $0.properties.isWhitespace })
        else { return nil }
        return email
    }
}
