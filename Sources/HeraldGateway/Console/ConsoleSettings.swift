import HeraldAuth
import HeraldHTTP

/// How the gateway treats browsers and the proxies in front of it (`herald serve
/// --console-secure-cookie`, `--trusted-proxy`).
public struct ConsoleSettings: Sendable, Hashable {
    /// Whether the console's cookie is marked Secure on every answer (behind a TLS proxy);
    /// it is anyway when X-Forwarded-Proto is https.
    public var secureCookies: Bool
    /// The proxies whose X-Forwarded-For names the client: limits kept per client (failed
    /// sign-ins) then count the browser's address, not the proxy's. A header from any
    /// other address is ignored, since a client could write anything in it.
    public var trustedProxies: [IPRange]
    /// Only people sign in (`--console-accounts-only`): the server-key sign-in is refused,
    /// and so are its cookies.
    public var accountsOnly: Bool
    /// log2 of scrypt's N for new password hashes (17, OWASP's minimum; tests lower it).
    public var passwordCost: Int
    /// The console's address in the links invites carry (`--console-url`); nil: the
    /// gateway's own `/console`, as the request that made the invite reached it.
    public var publicURL: String?

    public init(
        secureCookies: Bool = false, trustedProxies: [IPRange] = [], accountsOnly: Bool = false,
        passwordCost: Int = PasswordHash.defaultCost.logN, publicURL: String? = nil
    ) {
        self.secureCookies = secureCookies
        self.trustedProxies = trustedProxies
        self.accountsOnly = accountsOnly
        self.passwordCost = passwordCost
        self.publicURL = publicURL
    }

    /// Who sent `request`: the connection's address, or, when that is a trusted proxy, the
    /// nearest address in X-Forwarded-For that is not one (read from the right, the end the
    /// proxies append to; what a client wrote itself is further left). `nil`: unknown.
    public func client(of request: HTTPRequest) -> IPAddress? {
        guard var client = IPAddress(request.peerAddress) else { return nil }
        guard isTrusted(client), let forwarded = request.header("x-forwarded-for") else { return client }
        for hop in forwarded.split(separator: ",").reversed() {
            guard let address = IPAddress(String(hop)) else { break }
            client = address
            if !isTrusted(address) { break }
        }
        return client
    }

    private func isTrusted(_ address: IPAddress) -> Bool {
        trustedProxies.contains { $0.contains(address) }
    }
}
