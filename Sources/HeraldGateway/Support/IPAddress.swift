import Foundation

/// An IPv4 or IPv6 address as bytes (an IPv4-mapped IPv6 address is its IPv4 address), so
/// that two spellings of one address compare equal.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    /// `nil` when `text` is not an address (brackets around an IPv6 address are allowed).
    public init?(_ text: String) {
        // Spaces and tabs around it (a forwarded-for list's hops), trimmed without
        // Foundation's Unicode tables: this runs for every request.
        let utf8 = text.utf8
        let start = utf8.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? utf8.endIndex
        let end = utf8[start...].lastIndex { $0 != 0x20 && $0 != 0x09 }.map(utf8.index(after:)) ?? start
        var text = String(Substring(utf8[start..<end]))
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            let all = withUnsafeBytes(of: &v6) { Array($0) }
            let mapped = all.prefix(10).allSatisfy { $0 == 0 } && all[10] == 0xff && all[11] == 0xff
            bytes = mapped ? Array(all.suffix(4)) : all
        } else {
            return nil
        }
    }

    public var isIPv6: Bool { bytes.count == 16 }

    /// The usual spelling (`192.0.2.1`, `2001:db8::1`).
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { inet_ntop(isIPv6 ? AF_INET6 : AF_INET, $0.baseAddress, &text, socklen_t(text.count)) }
        return written == nil ? "?" : String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What a per-client limit counts by: the address for IPv4, its /64 for IPv6 (one host
    /// usually holds a whole /64, so counting single IPv6 addresses would limit nothing).
    public var limitKey: String {
        isIPv6 ? bytes.prefix(8).map { String($0, radix: 16) }.joined(separator: ".") + "/64" : description
    }
}

/// An address or a CIDR block (`10.0.0.0/8`, `fd00::/8`, `127.0.0.1`).
public struct IPRange: Sendable, Hashable, CustomStringConvertible {
    public let base: IPAddress
    public let prefixLength: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let base = IPAddress(String(parts[0])) else { return nil }
        let bits = base.bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length) else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        self.base = base
    }

    public func contains(_ address: IPAddress) -> Bool {
        guard address.bytes.count == base.bytes.count else { return false }
        var left = prefixLength
        for (a, b) in zip(address.bytes, base.bytes) where left > 0 {
            let mask: UInt8 = left >= 8 ? 0xff : ~(0xff >> UInt8(left))
            guard a & mask == b & mask else { return false }
            left -= 8
        }
        return true
    }

    public var description: String {
        prefixLength == base.bytes.count * 8 ? base.description : "\(base)/\(prefixLength)"
    }
}
