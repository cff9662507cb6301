/// How specific a route pattern is; when several patterns match a link, the most specific wins.
///
/// Compared in order: more literal path segments, then more literal host labels,
/// then more typed placeholders (`<int:>`, `<uuid:>`), then fewer wildcards
/// (`*`, `<path:>`, a wildcard host). Routes equal on all four keep their
/// registration order.
struct RouteSpecificity: Sendable, Hashable, Comparable {
    var literalSegments: Int
    var literalHostLabels: Int
    var typedPlaceholders: Int
    var wildcards: Int

    init(segments: [RouteSegment], host: RouteHost?) {
        literalSegments = 0
        typedPlaceholders = 0
        wildcards = host?.isWildcard == true ? 1 : 0
        literalHostLabels = host?.literalLabels ?? 0
        for segment in segments {
            switch segment {
            case .literal: literalSegments += 1
            case .placeholder(_, let kind): typedPlaceholders += kind.isTyped ? 1 : 0
            case .wildcard, .rest, .path: wildcards += 1
            }
        }
    }

    /// `a < b` when `a` is less specific than `b`.
    static func < (a: RouteSpecificity, b: RouteSpecificity) -> Bool {
        if a.literalSegments != b.literalSegments { return a.literalSegments < b.literalSegments }
        if a.literalHostLabels != b.literalHostLabels { return a.literalHostLabels < b.literalHostLabels }
        if a.typedPlaceholders != b.typedPlaceholders { return a.typedPlaceholders < b.typedPlaceholders }
        return a.wildcards > b.wildcards
    }
}
