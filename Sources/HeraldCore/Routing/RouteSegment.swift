/// One segment of a route pattern's path, as parsed when the router is built.
enum RouteSegment: Sendable, Hashable {
    /// Text the link's segment must equal, percent-decoded.
    case literal(String)
    /// One segment captured under `name` when it has the form `kind` asks for.
    case placeholder(name: String, kind: PlaceholderKind)
    /// Any one segment, not captured (`*` before the last segment).
    case wildcard
    /// The rest of the path, zero or more segments, not captured (`*` as the last segment).
    case rest
    /// The rest of the path, one or more segments, captured joined with `/` (`<path:name>`).
    case path(name: String)

    /// The name this segment captures under, if it captures.
    var captureName: String? {
        switch self {
        case .placeholder(let name, _), .path(let name): return name
        case .literal, .wildcard, .rest: return nil
        }
    }

    /// The segment with its capture name erased, so that `:id` and `:x` compare equal.
    var shape: RouteSegment {
        switch self {
        case .placeholder(_, let kind): return .placeholder(name: "", kind: kind)
        case .path: return .path(name: "")
        case .literal, .wildcard, .rest: return self
        }
    }
}

/// The form a placeholder's segment must have: `:name` and `<string:name>` take any.
enum PlaceholderKind: String, Sendable, Hashable, CaseIterable {
    case string, int, uuid

    /// Whether a placeholder of this kind counts as typed when ranking routes.
    var isTyped: Bool { self != .string }

    /// Whether `text`, one decoded path segment, has this kind's form.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .string:
            return true
        case .int:
            var digits = Substring(text)
            if digits.first == "-" { digits = digits.dropFirst() }
            return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        case .uuid:
            return Self.isUUID(text)
        }
    }

    /// Whether `text` is 8-4-4-4-12 hexadecimal digits, in either case.
    private static func isUUID(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == 36 else { return false }
        for (offset, byte) in utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let isHex = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
                guard isHex else { return false }
            }
        }
        return true
    }
}
