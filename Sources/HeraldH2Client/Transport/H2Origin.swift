import HeraldShared

/// The scheme, host and port a connection talks to, read from an `https://` URL.
package struct H2Origin: Sendable, Hashable {
    /// The host as written, without brackets for IPv6 literals.
    package var host: String
    package var port: Int
    /// `host[:port]` as it goes into `:authority` (brackets kept for IPv6).
    package var authority: String
    /// `https://` + authority: URLs of this origin start with it.
    package var prefix: String

    /// Whether the host is an IP address literal (no SNI, and the certificate must name the address).
    var isAddress: Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// The origin of `url` and its path (with the query), or `nil` when it is not `https://host[:port]/...`.
    package static func split(_ url: String) -> (origin: H2Origin, path: String)? {
        guard url.hasPrefix("https://") else { return nil }
        let rest = url.dropFirst("https://".count)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = String(rest[..<slash])
        let path = slash == rest.endIndex ? "/" : String(rest[slash...])
        var host = authority
        var port = 443
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") {
                guard let number = Int(after.dropFirst()) else { return nil }
                port = number
            } else if !after.isEmpty {
                return nil
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            guard let number = Int(authority[authority.index(after: colon)...]) else { return nil }
            port = number
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        return (H2Origin(host: host, port: port, authority: authority, prefix: "https://" + authority), path)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
