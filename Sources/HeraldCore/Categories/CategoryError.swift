/// A category set that cannot be registered as declared.
public struct CategoryError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case emptyIdentifier
        case emptyActionIdentifier(category: String)
        case duplicateAction(category: String, action: String)
        /// The system's own action identifiers (default, dismiss) cannot be reused.
        case reservedAction(category: String, action: String)
        case tooManyActions(category: String, count: Int, limit: Int)
        case emptyTextInputButton(category: String, action: String)
        /// The same identifier declared twice with different contents.
        case conflictingCategory(String)
        /// Declared after registration: it would replace the set late and actions would go missing.
        case lateDeclaration(String)
        case alreadyRegistered
        case unknown(String)
    }

    public var reason: Reason
    public init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .emptyIdentifier: return "a category needs an identifier"
        case .emptyActionIdentifier(let category): return "\(category): an action needs an identifier"
        case .duplicateAction(let category, let action): return "\(category): action \(action) is declared twice"
        case .reservedAction(let category, let action): return "\(category): \(action) is the system's own action identifier"
        case .tooManyActions(let category, let count, let limit): return "\(category): \(count) actions; the system shows at most \(limit)"
        case .emptyTextInputButton(let category, let action): return "\(category): text input action \(action) needs a button title"
        case .conflictingCategory(let category): return "category \(category) is declared twice with different actions or options"
        case .lateDeclaration(let category):
            return "category \(category) was declared after the categories were registered; declare every category before launch finishes"
        case .alreadyRegistered: return "the categories are registered once, at launch"
        case .unknown(let message): return message
        }
    }
}
