/// The pieces of a URL-like text, split without decoding: `scheme:[//]hierarchy[?query][#fragment]`.
struct LinkParts {
    var scheme: Substring?
    /// Whether `//` followed the scheme (then removed from `hierarchy`).
    var hasAuthority = false
    /// Authority and path for `scheme://`, the path otherwise, with leading slashes kept.
    var hierarchy: Substring
    var query: Substring?
    var fragment: Substring?

    init(_ text: Substring) {
        var rest = text
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
            scheme = rest[..<colon]
            rest = rest[rest.index(after: colon)...]
            if rest.hasPrefix("//") {
                hasAuthority = true
                rest = rest.dropFirst(2)
            }
        }
        hierarchy = rest
    }

    /// A letter followed by letters, digits, `+`, `-` or `.` (RFC 3986).
    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
