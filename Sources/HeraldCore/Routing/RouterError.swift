/// Why a `Router` (or an `ActionRouter`) could not be built: what is wrong, with which
/// pattern (or action route), and how to fix it.
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
        /// An action route without an action identifier.
        case emptyAction
        /// An action route for the system's default or dismiss action, which the runtime handles itself.
        case systemAction
        /// An action route whose category is the empty string.
        case emptyCategory
        /// An action route to a target with no screen, no tab and no web presentation.
        case actionWithoutTarget
        /// An earlier action route maps the same action of the same category.
        case duplicateAction(index: Int)
    }

    /// What is wrong.
    public var reason: Reason
    /// The pattern as given; for an action route, `category/action` (`*/action` for every category).
    public var pattern: String
    /// The pattern's position in the routes given to the router (`actionRoutes` for an action route).
    public var index: Int

    /// An error about `pattern`, the route at `index`.
    public init(_ reason: Reason, pattern: String, index: Int) {
        self.reason = reason
        self.pattern = pattern
        self.index = index
    }

    /// What is wrong, with which pattern, and how to fix it, in one line.
    public var description: String {
        isActionRoute
            ? "invalid action route \"\(pattern)\" (actionRoutes[\(index)]): " + problem
            : "invalid route pattern \"\(pattern)\" (routes[\(index)]): " + problem
    }

    /// Whether the error is about an action route rather than a link pattern.
    public var isActionRoute: Bool {
        switch reason {
        case .emptyAction, .systemAction, .emptyCategory, .actionWithoutTarget, .duplicateAction: return true
        default: return false
        }
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
        case .emptyAction:
            return "the action identifier is empty; give the identifier of one of the category's actions, such as \"action-open\""
        case .systemAction:
            return "it names the system's default or dismiss action; a tap already opens the notification through the"
                + " routes and dismiss never navigates, so route one of the category's own actions"
        case .emptyCategory:
            return "the category is empty; give the category's identifier, or none (nil) for the action in every category"
        case .actionWithoutTarget:
            return "the target has no screen, no tab and no web presentation; give one, or open the notification"
                + " (ActionRoute.Destination.notification)"
        case .duplicateAction(let earlier):
            return "actionRoutes[\(earlier)] already maps this action of this category; keep one of them"
        }
    }
}
