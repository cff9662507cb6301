/// Why a `Router` could not be built: what is wrong, with which pattern, and how to fix it.
///
/// Routes are checked when the router is built, so a typo in a pattern fails at
/// launch (or in a test) instead of sending a tapped notification nowhere.
public struct RouterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the pattern.
    public enum Reason: Sendable, Hashable {
        /// The pattern is empty or only whitespace.
        case empty
        /// The pattern cannot be read; the text says what is wrong and how to fix it.
        case unparsable(String)
        /// A placeholder names a type other than `int`, `uuid`, `string` or `path`.
        case unknownPlaceholderType(String, placeholder: String)
        /// `<path:name>` takes the rest of the path but is not the last segment.
        case restNotLast(placeholder: String)
        /// Two placeholders capture under the same name.
        case duplicatePlaceholder(String)
        /// An earlier route has the same shape, so this one could never be chosen.
        case duplicatePattern(of: String, index: Int)
    }

    /// What is wrong.
    public var reason: Reason
    /// The pattern as given.
    public var pattern: String
    /// The pattern's position in the routes given to the router.
    public var index: Int

    /// An error about `pattern`, the route at `index`.
    public init(_ reason: Reason, pattern: String, index: Int) {
        self.reason = reason
        self.pattern = pattern
        self.index = index
    }

    /// What is wrong, with which pattern, and how to fix it, in one line.
    public var description: String {
        "invalid route pattern \"\(pattern)\" (routes[\(index)]): " + problem
    }

    /// What is wrong and how to fix it.
    private var problem: String {
        switch reason {
        case .empty:
            return "the pattern is empty; write one such as \"app://article/:id\" or \"https://example.com/goods/<int:id>\""
        case .unparsable(let detail):
            return detail
        case .unknownPlaceholderType(let type, let placeholder):
            return "unknown placeholder type \"\(type)\" in \"\(placeholder)\"; use int, uuid, string or path,"
                + " or \":name\" for any one segment"
        case .restNotLast(let placeholder):
            return "\"\(placeholder)\" takes the rest of the path, so it must be the last segment;"
                + " move it to the end, or use \":name\" or \"*\" for one segment"
        case .duplicatePlaceholder(let name):
            return "the placeholder name \"\(name)\" is used twice; give each placeholder its own name"
        case .duplicatePattern(let other, let otherIndex):
            return "it has the same shape as \"\(other)\" (routes[\(otherIndex)]), which would always be chosen"
                + " first; remove one of them or make them differ"
        }
    }
}
