/// A route pattern parsed and checked once, when the router is built.
///
/// See `Router` for the syntax. Parsing throws a `RouterError` naming the pattern
/// and its position, so every mistake is found before the first link arrives.
struct RoutePattern: Sendable {
    /// The pattern as written.
    var text: String
    /// The scheme, lowercased.
    var scheme: String
    /// The host of a web pattern; `nil` for a custom scheme, whose host is the first segment.
    var host: RouteHost?
    /// The port a web link must use; `nil` to accept any.
    var port: Int?
    /// The path, with empty segments dropped; for a custom scheme the first is lowercased if literal.
    var segments: [RouteSegment]

    init(parsing text: String, index: Int) throws(RouterError) {
        func fail(_ reason: RouterError.Reason) -> RouterError {
            RouterError(reason, pattern: text, index: index)
        }
        func unparsable(_ detail: String) -> RouterError { fail(.unparsable(detail)) }

        guard text.contains(where: { !$0.isWhitespace }) else { throw fail(.empty) }
        if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }) {
            throw unparsable("the pattern contains a space or a control character; percent-encode it (a space is %20)")
        }
        let parts = LinkParts(Substring(text))
        guard let schemeText = parts.scheme else {
            throw unparsable("the pattern has no scheme; start it with one, as in \"https://example.com/...\" or \"app://...\"")
        }
        guard parts.hasAuthority else {
            throw unparsable("write \"//\" after \"\(schemeText):\", as in \"\(schemeText)://...\"")
        }
        if parts.query != nil {
            throw unparsable("patterns match the path only; remove the \"?...\" (a link's query items become parameters by themselves)")
        }
        if parts.fragment != nil {
            throw unparsable("patterns match the path only; remove the \"#...\" (a link's fragment is ignored)")
        }
        self.text = text
        scheme = schemeText.lowercased()

        var pathText = parts.hierarchy
        if RouteLink.isWebScheme(scheme) {
            let (authority, path) = RouteLink.splitAuthority(parts.hierarchy)
            (host, port) = try Self.parseAuthority(authority, unparsable: unparsable)
            pathText = path
        }

        segments = []
        var names: Set<String> = []
        let rawSegments = pathText.split(separator: "/")
        for (position, raw) in rawSegments.enumerated() {
            let isLast = position == rawSegments.count - 1
            var segment = try Self.parseSegment(raw, isLast: isLast, fail: fail)
            if case .literal(let literal) = segment, position == 0, host == nil {
                segment = .literal(literal.lowercased())
            }
            if case .path = segment, !isLast { throw fail(.restNotLast(placeholder: String(raw))) }
            if let name = segment.captureName, !names.insert(name).inserted { throw fail(.duplicatePlaceholder(name)) }
            segments.append(segment)
        }
    }

    /// The host and optional port of a web pattern's authority.
    private static func parseAuthority(
        _ authority: Substring, unparsable: (String) -> RouterError
    ) throws(RouterError) -> (RouteHost, Int?) {
        if authority.contains("@") {
            throw unparsable("remove the user info (\"...@\") before the host")
        }
        var hostText = authority
        var portText: Substring?
        if authority.first == "[", let close = authority.firstIndex(of: "]") {
            hostText = authority[...close]
            let after = authority[authority.index(after: close)...]
            if after.first == ":" {
                portText = after.dropFirst()
            } else if !after.isEmpty {
                throw unparsable("unexpected \"\(after)\" after the host \"\(hostText)\"")
            }
        } else if let colon = authority.lastIndex(of: ":"), colon > authority.startIndex,
            !authority[..<colon].contains(where: { $0 == ":" || $0 == "<" }), !authority[colon...].contains(">")
        {
            hostText = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        var port: Int?
        if let portText, !portText.isEmpty {
            guard let number = RouteLink.parsePort(portText) else {
                throw unparsable("the port \"\(portText)\" is not a number from 0 to 65535")
            }
            port = number
        }
        if hostText.first == "[" { return (.exact(hostText.lowercased()), port) }
        switch RouteHost.parse(Substring(hostText.lowercased())) {
        case .success(let host):
            return (host, port)
        case .failure(.empty):
            throw unparsable("a web pattern needs a host, as in \"https://example.com/...\"; use \"*\" for any host")
        case .failure(.placeholder):
            throw unparsable("the host \"\(hostText)\" cannot hold placeholders;"
                + " use \"*.example.com\" for any subdomain or \"*\" for any host")
        case .failure(.emptyLabel):
            throw unparsable("the host \"\(hostText)\" has an empty label; remove the extra \".\"")
        case .failure(.misplacedWildcard):
            throw unparsable("in the host \"\(hostText)\", \"*\" can only be the whole host or its first label,"
                + " as in \"*.example.com\"")
        }
    }

    /// One raw path segment of a pattern: a placeholder, a wildcard or literal text.
    private static func parseSegment(
        _ raw: Substring, isLast: Bool, fail: (RouterError.Reason) -> RouterError
    ) throws(RouterError) -> RouteSegment {
        func unparsable(_ detail: String) -> RouterError { fail(.unparsable(detail)) }
        if raw == "*" { return isLast ? .rest : .wildcard }
        if raw.first == ":" {
            return .placeholder(name: try checkedName(raw.dropFirst(), in: raw, unparsable: unparsable), kind: .string)
        }
        if raw.first == "<", raw.last == ">", let colon = raw.firstIndex(of: ":") {
            let type = raw[raw.index(after: raw.startIndex)..<colon]
            let name = try checkedName(raw[raw.index(after: colon)..<raw.index(before: raw.endIndex)], in: raw, unparsable: unparsable)
            if type == "path" { return .path(name: name) }
            guard let kind = PlaceholderKind(rawValue: String(type)) else {
                throw fail(.unknownPlaceholderType(String(type), placeholder: String(raw)))
            }
            return .placeholder(name: name, kind: kind)
        }
        if raw.contains(where: { $0 == "<" || $0 == ">" }) {
            throw unparsable("\"\(raw)\" is not a placeholder; write \"<type:name>\" as the whole segment,"
                + " or percent-encode \"<\" and \">\" (%3C, %3E)")
        }
        if raw.contains("*") {
            throw unparsable("\"\(raw)\" mixes \"*\" with text; \"*\" must be the whole segment (a literal \"*\" is %2A)")
        }
        return .literal(RouteLink.percentDecoded(raw))
    }

    /// A placeholder name: one or more ASCII letters, digits, `_` or `-`.
    private static func checkedName(
        _ name: Substring, in raw: Substring, unparsable: (String) -> RouterError
    ) throws(RouterError) -> String {
        if name.isEmpty {
            throw unparsable("the placeholder \"\(raw)\" has no name; write one, as in \":id\" or \"<int:id>\"")
        }
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        guard allowed else {
            throw unparsable("the placeholder name \"\(name)\" in \"\(raw)\" may only hold letters, digits, \"_\" and \"-\"")
        }
        return String(name)
    }
}
