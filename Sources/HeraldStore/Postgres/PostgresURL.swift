import Foundation

/// A connection string as given (`postgres://user:pass@host:port/db?sslmode=…&host=/dir`,
/// or libpq's `key=value` form), with the password found so that no message shows it:
/// `redacted` is the string with every password replaced by `***`, and `scrub` does the
/// same to any text (libpq quotes a malformed URL whole in its error).
struct PostgresURL: Sendable {
    /// The string handed to libpq.
    let text: String
    /// `text` with each password as `***`.
    let redacted: String
    /// The passwords in `text`, as written and percent-decoded.
    private let secrets: [String]

    static let mask = "***"

    init(_ text: String) {
        self.text = text
        let isURI = text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
        let ranges = isURI ? Self.uriPasswords(text) : Self.keywordPasswords(text)
        var redacted = text
        for range in ranges.reversed() { redacted.replaceSubrange(range, with: Self.mask) }
        let found = ranges.map { String(text[$0]) }
        secrets = (found + found.compactMap { $0.removingPercentEncoding }).filter { !$0.isEmpty }
        self.redacted = redacted
    }

    /// `message` with every password of this URL replaced by `***`.
    func scrub(_ message: String) -> String {
        secrets.reduce(message) { $0.replacingOccurrences(of: $1, with: Self.mask) }
    }

    /// The password of the user part (`user:PASSWORD@`; libpq ends it at the first `@` or
    /// `/`) and of every `password=` query parameter.
    private static func uriPasswords(_ text: String) -> [Range<String.Index>] {
        guard let scheme = text.range(of: "://") else { return [] }
        var ranges: [Range<String.Index>] = []
        let rest = text[scheme.upperBound...]
        if let end = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), text[end] == "@",
            let colon = rest[..<end].firstIndex(of: ":")
        {
            let start = text.index(after: colon)
            if start < end { ranges.append(start..<end) }
        }
        guard let question = rest.firstIndex(of: "?") else { return ranges }
        var cursor = text.index(after: question)
        while cursor < text.endIndex {
            let end = text[cursor...].firstIndex(of: "&") ?? text.endIndex
            let pair = text[cursor..<end]
            if let equals = pair.firstIndex(of: "="), pair[..<equals] == "password" {
                let start = text.index(after: equals)
                if start < end { ranges.append(start..<end) }
            }
            cursor = end < text.endIndex ? text.index(after: end) : end
        }
        return ranges
    }

    /// The value of each `password = value` (bare, or in single quotes) of the keyword form.
    private static func keywordPasswords(_ text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var search = text.startIndex..<text.endIndex
        while let key = text.range(of: "password", range: search) {
            search = key.upperBound..<text.endIndex
            var cursor = text[key.upperBound...].firstIndex(where: { $0 != " " }) ?? text.endIndex
            guard cursor < text.endIndex, text[cursor] == "=" else { continue }
            cursor = text[text.index(after: cursor)...].firstIndex(where: { $0 != " " }) ?? text.endIndex
            guard cursor < text.endIndex else { continue }
            let quoted = text[cursor] == "'"
            let start = quoted ? text.index(after: cursor) : cursor
            var end = start
            while end < text.endIndex, quoted ? text[end] != "'" : text[end] != " " {
                if quoted, text[end] == "\\", text.index(after: end) < text.endIndex { end = text.index(after: end) }
                end = text.index(after: end)
            }
            if start < end { ranges.append(start..<end) }
            search = end..<text.endIndex
        }
        return ranges
    }
}
