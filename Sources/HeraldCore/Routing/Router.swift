/// Takes a tapped notification's link to a target, such as a screen, by URL pattern.
///
/// Routes are checked when the router is built and tried from the most specific to
/// the least, so the order they are given in only breaks exact ties.
///
/// ```swift
/// let router = try Router([
///     ("https://*.example.com/trace/:id", Screen.trace),
///     ("https://m.example.com/redpacket", Screen.redPacket),   // id from ?id=...
///     ("app://article/<int:id>", Screen.article),
/// ], fallback: Screen.web)
/// router.match("app://article/7")?.parameters   // ["id": "7"]
/// ```
///
/// ## Pattern syntax
///
/// - `scheme://host/segment/...`. For `http` and `https` the host and an optional
///   port come from the authority. For any other scheme (`app://article/:id`) there
///   is no host: the first segment (`article`) plays its part, so it compares without
///   case and may be a placeholder. Scheme and host compare case-insensitively, path
///   segments case-sensitively. A pattern has no query and no fragment.
/// - `:name` or `<string:name>` captures any one segment; `<int:name>` only ASCII
///   digits with an optional leading `-`; `<uuid:name>` only a UUID
///   (8-4-4-4-12 hexadecimal digits). Names hold letters, digits, `_` and `-`.
/// - `<path:name>`, as the last segment only, captures the rest of the path: one or
///   more segments joined with `/`.
/// - `*` matches any one segment; as the last segment it matches the rest of the path,
///   zero or more segments. Neither is captured.
/// - A web host may be `*.example.com` (one or more labels before `example.com`, not
///   `example.com` itself) or `*` (any host). The port is ignored unless the pattern
///   names one; a link without a port uses its scheme's default (80, 443).
/// - Empty segments are ignored on both sides: `/a//b/` is `/a/b`.
/// - Links are percent-decoded segment by segment before matching, so `%2F` stays
///   inside its segment; literal text in patterns is decoded the same way. Malformed
///   escapes are kept as they are. Write a literal `*`, `<`, `>` or leading `:` as
///   `%2A`, `%3C`, `%3E` or `%3A`.
/// - The link's query items (percent-decoded, `+` kept as `+`, the first of a repeated
///   name kept) join the parameters; a path capture wins over a query item of the same
///   name. The fragment is ignored.
///
/// ## Which route wins
///
/// Most literal path segments, then most literal host labels, then most typed
/// placeholders, then fewest wildcards, then the one registered first. When nothing
/// matches, the fallback gets the link with its query items as parameters.
///
/// ## Validation
///
/// `init` throws a `RouterError` naming the pattern for: an empty or unreadable
/// pattern, an unknown placeholder type (`<float:x>`), `<path:>` before the last
/// segment, a placeholder name used twice, and a pattern with the same shape as an
/// earlier one (`app://a/:id` and `app://a/:x`).
public struct Router<Target: Sendable>: Sendable {
    /// A checked pattern and its target.
    struct Route: Sendable {
        var pattern: RoutePattern
        var target: Target
    }

    /// The routes, most specific first.
    let routes: [Route]
    let fallback: Target?

    /// Checks every pattern and orders the routes by specificity.
    public init(_ routes: [(pattern: String, target: Target)], fallback: Target? = nil) throws(RouterError) {
        var checked: [(route: Route, specificity: RouteSpecificity, index: Int)] = []
        var shapes: [RoutePattern.Shape: Int] = [:]
        for (index, route) in routes.enumerated() {
            let pattern = try RoutePattern(parsing: route.pattern, index: index)
            if let earlier = shapes[pattern.shape] {
                throw RouterError(
                    .duplicatePattern(of: routes[earlier].pattern, index: earlier), pattern: route.pattern, index: index)
            }
            shapes[pattern.shape] = index
            checked.append((Route(pattern: pattern, target: route.target), pattern.specificity, index))
        }
        checked.sort { a, b in
            a.specificity != b.specificity ? a.specificity > b.specificity : a.index < b.index
        }
        self.routes = checked.map(\.route)
        self.fallback = fallback
    }

    /// The most specific route matching `link`, else the fallback; `nil` when there is neither.
    public func match(_ link: String) -> RouteMatch<Target>? {
        let parsed = RouteLink(link)
        var query: [String: String] = [:]
        for item in parsed.queryItems where query[item.name] == nil {
            query[item.name] = item.value
        }
        for route in routes {
            guard let captures = route.pattern.match(parsed) else { continue }
            return RouteMatch(
                target: route.target, pattern: route.pattern.text,
                parameters: query.merging(captures) { _, capture in capture }, link: link, isFallback: false)
        }
        guard let fallback else { return nil }
        return RouteMatch(target: fallback, pattern: nil, parameters: query, link: link, isFallback: true)
    }

    /// The patterns in the order they are tried, most specific first.
    public var patterns: [String] {
        routes.map(\.pattern.text)
    }
}
