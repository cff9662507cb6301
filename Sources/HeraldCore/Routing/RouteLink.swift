import Foundation

/// A link taken apart once for matching: scheme, host, port, decoded path and query.
///
/// Parsing never fails: text that is not a URL simply matches no pattern. For the
/// web schemes (`http`, `https`) the authority gives the host and port; for any other
/// scheme everything after `scheme:` and its slashes is path, so `app://article/7`
/// has the segments `article` and `7`.
struct RouteLink: Sendable {
    /// The scheme, lowercased; empty when the link has none.
    var scheme: String
    /// The host, lowercased, for web links; `nil` for custom schemes.
    var host: String?
    /// The port given in the link, or the scheme's default; `nil` when neither is known.
    var port: Int?
    /// The path's non-empty segments, percent-decoded.
    var segments: [String]
    /// The first segment lowercased, for a custom scheme where it stands for the host.
    var foldedFirstSegment: String?
    /// The query items, names and values percent-decoded, in order.
    var queryItems: [(name: String, value: String)]

    /// Takes `text` apart; surrounding whitespace is ignored.
    init(_ text: String) {
        let parts = LinkParts(Substring(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        scheme = parts.scheme.map { $0.lowercased() } ?? ""
        queryItems = parts.query.map(Self.queryItems(of:)) ?? []
        if Self.isWebScheme(scheme) {
            let (authority, path) = parts.hasAuthority ? Self.splitAuthority(parts.hierarchy) : ("", parts.hierarchy)
            let (host, port) = Self.hostAndPort(of: authority)
            self.host = host
            self.port = port ?? Self.defaultPort(of: scheme)
            segments = Self.segments(of: path)
        } else {
            host = nil
            port = nil
            segments = Self.segments(of: parts.hierarchy)
            foldedFirstSegment = segments.first?.lowercased()
        }
    }

    /// Whether `scheme` (lowercased) has a real host and port rather than a first segment.
    static func isWebScheme(_ scheme: String) -> Bool {
        scheme == "http" || scheme == "https"
    }

    /// The port a link of `scheme` uses when it names none.
    static func defaultPort(of scheme: String) -> Int? {
        switch scheme {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }

    /// Splits `//authority/path` (without the slashes) at the first `/`.
    static func splitAuthority(_ hierarchy: Substring) -> (authority: Substring, path: Substring) {
        guard let slash = hierarchy.firstIndex(of: "/") else { return (hierarchy, "") }
        return (hierarchy[..<slash], hierarchy[slash...])
    }

    /// The lowercased host (without user info, brackets kept) and the explicit port.
    private static func hostAndPort(of authority: Substring) -> (String, Int?) {
        var rest = authority
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        var host = rest
        var portText: Substring?
        if rest.first == "[", let close = rest.firstIndex(of: "]") {
            host = rest[...close]
            let after = rest[rest.index(after: close)...]
            if after.first == ":" { portText = after.dropFirst() }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        if host.last == "." { host = host.dropLast() }
        return (host.lowercased(), portText.flatMap(parsePort))
    }

    /// A port number of 1 to 5 ASCII digits up to 65535, or `nil`.
    static func parsePort(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 5, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let port = Int(text), port <= 65535
        else { return nil }
        return port
    }

    /// The non-empty segments of `path`, each percent-decoded after splitting, so `%2F` stays inside one.
    static func segments(of path: Substring) -> [String] {
        path.split(separator: "/").map(percentDecoded)
    }

    /// `name=value` pairs split at `&`; a name without `=` has an empty value; `+` stays `+`.
    private static func queryItems(of query: Substring) -> [(name: String, value: String)] {
        query.split(separator: "&").compactMap { item in
            let name: Substring
            let value: Substring
            if let equals = item.firstIndex(of: "=") {
                name = item[..<equals]
                value = item[item.index(after: equals)...]
            } else {
                name = item
                value = ""
            }
            let decodedName = percentDecoded(name)
            return decodedName.isEmpty ? nil : (decodedName, percentDecoded(value))
        }
    }

    /// `text` with each valid `%XX` replaced by its byte; malformed escapes stay as they are,
    /// and bytes that do not form UTF-8 leave the whole text undecoded.
    static func percentDecoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(text)
    }

    /// The value of one ASCII hexadecimal digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
