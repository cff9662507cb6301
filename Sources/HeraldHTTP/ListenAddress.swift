#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the server listens: a numeric IPv4 or IPv6 host and a port (0 for any free one).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// `127.0.0.1:8080`, `[::1]:8080`, `localhost:8080` (read as 127.0.0.1).
    public init(parsing text: String) throws(HTTPServerError) {
        let host: Substring, port: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw Self.bad(text) }
            port = rest.dropFirst()
        } else {
            guard let colon = text.lastIndex(of: ":") else { throw Self.bad(text) }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
        }
        guard let number = UInt16(port) else { throw Self.bad(text) }
        self.host = host == "localhost" ? "127.0.0.1" : String(host)
        self.port = number
        guard isIPv6 || Self.ipv4(self.host) != nil, !isIPv6 || Self.ipv6(self.host) != nil else { throw Self.bad(text) }
    }

    public var isIPv6: Bool { host.contains(":") }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The size of the `sockaddr` `withSocketAddress` passes.
    var socketAddressLength: socklen_t {
        socklen_t(isIPv6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    }

    /// Calls `body` with the address as a `sockaddr`.
    func withSocketAddress<T>(_ body: (UnsafePointer<sockaddr>) -> T) -> T {
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = Self.ipv6(host) ?? in6_addr()
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = Self.ipv4(host) ?? in_addr()
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
    }

    private static func ipv4(_ host: String) -> in_addr? {
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1 ? address : nil
    }

    private static func ipv6(_ host: String) -> in6_addr? {
        var address = in6_addr()
        return inet_pton(AF_INET6, host, &address) == 1 ? address : nil
    }

    private static func bad(_ text: String) -> HTTPServerError {
        HTTPServerError(.badAddress, "\"\(text)\" is not HOST:PORT with a numeric host, such as 127.0.0.1:8080 or [::1]:8080")
    }
}
