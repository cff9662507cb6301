/// The host part of a web route pattern: one host, any subdomain of one, or any host.
enum RouteHost: Sendable, Hashable {
    /// Exactly this host, lowercased.
    case exact(String)
    /// One or more labels before `.suffix` (`*.example.com`), but not `suffix` itself.
    case subdomain(of: String)
    /// Any host (`*`).
    case any

    /// How many literal labels the pattern names, for ranking routes.
    var literalLabels: Int {
        switch self {
        case .exact(let host): return host.split(separator: ".", omittingEmptySubsequences: false).count
        case .subdomain(let suffix): return suffix.split(separator: ".", omittingEmptySubsequences: false).count
        case .any: return 0
        }
    }

    /// Whether the host is a wildcard, for ranking routes.
    var isWildcard: Bool {
        if case .exact = self { return false }
        return true
    }

    /// Whether `host`, a link's host already lowercased, is one this pattern names.
    func matches(_ host: String) -> Bool {
        switch self {
        case .exact(let expected):
            return host == expected
        case .subdomain(let suffix):
            guard host.hasSuffix("." + suffix) else { return false }
            let labels = host.dropLast(suffix.utf8.count + 1)
            return !labels.isEmpty && !labels.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
        case .any:
            return !host.isEmpty
        }
    }

    /// Parses a pattern's host text, already lowercased; returns what is wrong on failure.
    static func parse(_ text: Substring) -> Result<RouteHost, HostProblem> {
        if text.isEmpty { return .failure(.empty) }
        if text == "*" { return .success(.any) }
        if text.contains(where: { $0 == ":" || $0 == "<" || $0 == ">" }) { return .failure(.placeholder) }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) { return .failure(.emptyLabel) }
        if labels.dropFirst().contains(where: { $0.contains("*") }) || (labels[0].contains("*") && labels[0] != "*") {
            return .failure(.misplacedWildcard)
        }
        if labels[0] == "*" {
            return .success(.subdomain(of: labels.dropFirst().joined(separator: ".")))
        }
        return .success(.exact(String(text)))
    }

    /// Why a pattern's host cannot be used.
    enum HostProblem: Error {
        case empty, placeholder, emptyLabel, misplacedWildcard
    }
}
