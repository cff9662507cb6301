import HeraldAuth
import HeraldHTTP
import HeraldShared
import HeraldStore

/// A console sign-in, carried by a cookie: the app id, when it ends, a random session id,
/// and an HMAC-SHA256 over the three keyed with the app's stored server-key hash.
///
/// A session is checked without a session table: every gateway on the same database
/// checks the cookie with the same key, so a session made on one is honoured by the
/// others. The key is the hash the store already keeps (256 bits, readable only with the
/// database), so rotating the server key ends every session of the app at once. Signing
/// out records the session's id until it would have expired (`console_signouts`), so a
/// copy of the cookie stops working on every gateway too.
public struct ConsoleSession: Sendable, Hashable {
    /// The cookie's name.
    public static let cookieName = "herald_console"
    /// How long a session lasts: 12 hours.
    public static let lifetime = 12.0 * 3600

    public var appID: String
    /// Seconds since 1970, whole.
    public var expiresAt: Int
    /// 128 random bits in hex (`Identifier`): what signing out records.
    public var id: String

    /// A new session with a random id.
    public static func make(appID: String, expiresAt: Int) -> ConsoleSession {
        ConsoleSession(appID: appID, expiresAt: expiresAt, id: Identifier.make(""))
    }

    /// `BASE64URL(appID).EXPIRES.ID.BASE64URL(MAC)`, the id in lowercase hex.
    public func cookieValue(serverKeyHash: String) -> String {
        [Base64URL.encode(Array(appID.utf8)), String(expiresAt), id, Base64URL.encode(mac(serverKeyHash))].joined(separator: ".")
    }

    /// The session a cookie value claims, before its MAC is checked; `nil` when malformed.
    public static func claimed(by value: String) -> (session: ConsoleSession, mac: [UInt8])? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].count <= 256, let appBytes = Base64URL.decode(parts[0]),
            let app = String(validating: appBytes, as: UTF8.self), !app.isEmpty, let expires = Int(parts[1]),
            parts[2].count == 32, parts[2].utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }), let mac = Base64URL.decode(parts[3]), mac.count == 32
        else { return nil }
        return (ConsoleSession(appID: app, expiresAt: expires, id: String(parts[2])), mac)
    }

    /// Whether `mac` is this session's under `serverKeyHash` and the session has not ended at
    /// `now` (whether it was signed out is the store's to say).
    public func isValid(mac: [UInt8], serverKeyHash: String, now: Double) -> Bool {
        ConstantTime.equal(self.mac(serverKeyHash), mac) && Double(expiresAt) > now
    }

    private func mac(_ serverKeyHash: String) -> [UInt8] {
        HMACSHA256.mac(key: Array(serverKeyHash.utf8), message: Array("herald-console-session/2\n\(appID)\n\(expiresAt)\n\(id)".utf8))
    }

    /// The console cookie's value among a request's cookies.
    static func cookie(in request: HTTPRequest) -> String? {
        guard let header = request.header("cookie") else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(cookieName + "=") { return String(trimmed.dropFirst(cookieName.count + 1)) }
        }
        return nil
    }

    /// The Set-Cookie header that gives the browser this session.
    func setCookie(_ value: String, secure: Bool, now: Double) -> String {
        let maxAge = max(0, expiresAt - Int(now))
        return "\(Self.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The Set-Cookie header that clears it.
    static func clearCookie(secure: Bool) -> String {
        "\(cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }
}
