/// Builds the best-attempt content of a notification from its payload: the
/// content as received, then each `ContentMutation` in order. Category rules run
/// later, in `finish(_:notification:)`, once the attachments are known.
public struct ContentComposer: Sendable {
    public var mutations: [ContentMutation]
    public var categoryRules: [CategoryRule]

    public init(mutations: [ContentMutation] = [], categoryRules: [CategoryRule] = []) {
        self.mutations = mutations
        self.categoryRules = categoryRules
    }

    /// The content after every mutation, and a note for each one that found nothing.
    public func compose(_ notification: PushNotification) -> (content: NotificationContent, notes: [String]) {
        var content = NotificationContent(notification: notification)
        var notes: [String] = []
        for mutation in mutations {
            if let note = mutation.apply(to: &content, notification: notification) { notes.append(note) }
        }
        return (content, notes)
    }

    /// The content with its category chosen by the rules (attachments are known now).
    public func finish(_ content: NotificationContent, notification: PushNotification) -> NotificationContent {
        var result = content
        if let category = CategoryRule.category(from: categoryRules, notification: notification, content: content) {
            result.categoryIdentifier = category
        }
        return result
    }
}
