/// The route a link matched: its target, the pattern, and the parameters taken from the link.
public struct RouteMatch<Target: Sendable>: Sendable {
    /// The target registered with the pattern, or the router's fallback.
    public var target: Target
    /// The pattern as registered; `nil` for the fallback.
    public var pattern: String?
    /// Path captures merged over the link's query items (a capture wins over a query item of its name).
    public var parameters: [String: String]
    /// The link as given.
    public var link: String
    /// Whether no pattern matched and the router's fallback was used.
    public var isFallback: Bool

    /// A match of `link` to `target`; `pattern` is `nil` for a fallback.
    public init(target: Target, pattern: String?, parameters: [String: String], link: String, isFallback: Bool) {
        self.target = target
        self.pattern = pattern
        self.parameters = parameters
        self.link = link
        self.isFallback = isFallback
    }
}

extension RouteMatch: Equatable where Target: Equatable {}
extension RouteMatch: Hashable where Target: Hashable {}
