import Foundation

/// Which endpoint URLs and addresses a webhook may reach. Refused unless allowed by
/// `herald serve`: plain `http://` (`--webhook-allow-http`), and addresses in loopback,
/// private, link-local, CGNAT, multicast and other reserved ranges, IPv4 and IPv6
/// (`--webhook-allow-private`), checked when the endpoint is made and again for the
/// address each request connects to, so a name that later resolves inside cannot reach it.
public struct WebhookAddressPolicy: Sendable {
    public var allowHTTP: Bool
    public var allowPrivate: Bool

    public init(allowHTTP: Bool = false, allowPrivate: Bool = false) {
        self.allowHTTP = allowHTTP
        self.allowPrivate = allowPrivate
    }

    /// The ranges no webhook reaches without `allowPrivate`.
    static let refused: [IPRange] = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24",
        "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
        "::/128", "::1/128", "64:ff9b::/96", "100::/64", "2001:db8::/32", "fc00::/7", "fe80::/10", "fec0::/10", "ff00::/8",
    ].map { IPRange($0)! }

    /// Why `address` may not be reached; nil when it may.
    public func refusal(_ address: IPAddress) -> String? {
        guard !allowPrivate, let range = Self.refused.first(where: { $0.contains(address) }) else { return nil }
        return "\(address) is in \(range), a loopback, private, link-local, shared or reserved range (herald serve --webhook-allow-private allows it)"
    }

    /// A URL as an endpoint: its scheme and host checked, and every address its host
    /// resolves to now (`resolve`); throws a message saying what is wrong and how to fix it.
    public func check(_ text: String, resolve: (String) -> [IPAddress] = WebhookAddressPolicy.resolve) throws(WebhookURLError) -> URL {
        guard text.utf8.count <= 2048, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            let host = url.host, !host.isEmpty
        else { throw WebhookURLError("\"\(text.prefix(80))\" is not an absolute URL such as https://example.com/herald") }
        guard url.user == nil, url.password == nil else { throw WebhookURLError("the URL may not carry a user name or password") }
        guard url.fragment == nil else { throw WebhookURLError("the URL may not have a #fragment") }
        switch scheme {
        case "https": break
        case "http" where allowHTTP: break
        case "http": throw WebhookURLError("the URL must be https:// (herald serve --webhook-allow-http allows http:// for tests and private networks)")
        default: throw WebhookURLError("the URL must be https://, not \(scheme)://")
        }
        let bare = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let addresses = IPAddress(bare).map { [$0] } ?? resolve(bare)
        guard !addresses.isEmpty else { throw WebhookURLError("the host \(bare) does not resolve to any address") }
        for address in addresses {
            if let why = refusal(address) { throw WebhookURLError("the host \(bare) resolves to \(why)") }
        }
        return url
    }

    /// The addresses `host` resolves to (getaddrinfo).
    public static func resolve(_ host: String) -> [IPAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [IPAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let entry = node {
            if let address = IPAddress(socketAddress: entry.pointee.ai_addr) { addresses.append(address) }
            node = entry.pointee.ai_next
        }
        return addresses
    }
}

public struct WebhookURLError: Error, Sendable {
    public var message: String
    init(_ message: String) { self.message = message }
}

extension IPAddress {
    /// The address of a `sockaddr_in` or `sockaddr_in6`.
    public init?(socketAddress: UnsafePointer<sockaddr>?) {
        guard let socketAddress else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil else { return nil }
        case AF_INET6:
            var address = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return nil }
        default: return nil
        }
        self.init(String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
}
