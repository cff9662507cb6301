/// Collects the app's categories (Herald's, the app's, other SDKs') and
/// registers them once, at launch, so actions never go missing because a set was
/// registered late or replaced another.
///
/// The Apple adapter calls `register(keeping:)` with the categories already in
/// `UNUserNotificationCenter` and passes the result to `setNotificationCategories`
/// once: categories others registered are kept, not replaced.
@MainActor
public final class CategoryRegistry {
    public private(set) var declared: [NotificationCategory] = []
    public private(set) var isRegistered = false

    public init() {}

    /// Adds a category; the same category twice is fine, a different one under the same identifier is not.
    public func declare(_ category: NotificationCategory) throws(CategoryError) {
        guard !isRegistered else { throw CategoryError(.lateDeclaration(category.identifier)) }
        try Self.validate(category)
        if let existing = declared.first(where: { $0.identifier == category.identifier }) {
            guard existing == category else { throw CategoryError(.conflictingCategory(category.identifier)) }
            return
        }
        declared.append(category)
    }

    /// The one set to register: `existing` categories (another SDK's) kept, Herald's
    /// declared ones added, a declared one winning over an existing one of the same
    /// identifier. Sorted by identifier. Refused the second time.
    public func register(keeping existing: [NotificationCategory] = []) throws(CategoryError) -> [NotificationCategory] {
        guard !isRegistered else { throw CategoryError(.alreadyRegistered) }
        isRegistered = true
        var byID: [String: NotificationCategory] = [:]
        for category in existing { byID[category.identifier] = category }
        for category in declared { byID[category.identifier] = category }
        return byID.values.sorted { $0.identifier < $1.identifier }
    }

    /// Checks one category as the system would use it.
    public static func validate(_ category: NotificationCategory) throws(CategoryError) {
        let id = category.identifier
        guard !id.isEmpty else { throw CategoryError(.emptyIdentifier) }
        guard category.actions.count <= NotificationCategory.maxActions else {
            throw CategoryError(.tooManyActions(category: id, count: category.actions.count, limit: NotificationCategory.maxActions))
        }
        var seen = Set<String>()
        for action in category.actions {
            guard !action.identifier.isEmpty else { throw CategoryError(.emptyActionIdentifier(category: id)) }
            guard action.identifier != NotificationAction.defaultIdentifier, action.identifier != NotificationAction.dismissIdentifier
            else {
                throw CategoryError(.reservedAction(category: id, action: action.identifier))
            }
            guard seen.insert(action.identifier).inserted else {
                throw CategoryError(.duplicateAction(category: id, action: action.identifier))
            }
            if let input = action.textInput, input.buttonTitle.isEmpty {
                throw CategoryError(.emptyTextInputButton(category: id, action: action.identifier))
            }
        }
    }
}
