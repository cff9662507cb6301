/// What a content extension does when the user picks an action, as data: steps
/// run in order on the clock, then the extension ends one way.
///
/// There are no fixed delays to "let things settle": a step ends when its work
/// does (a sound when the player says it finished), and the only wait is `hold`,
/// an explicit reading time for text the user should see ("saved").
public struct ActionBehavior: Sendable, Hashable {
    public enum Step: Sendable, Hashable {
        /// Replaces the extension's text.
        case show(String)
        /// Shows what the user typed in a text input action.
        case showTypedText
        /// Plays a sound and goes on when it ends (or after `ContentExtensionModel.maxSoundWait`).
        case playSound(String)
        /// Keeps what is on screen for this many seconds, on the clock.
        case hold(Double)
        /// Tells the app, through `ContentExtensionController.onForward`, with the typed text.
        case notifyApp
    }

    /// How the extension ends: `UNNotificationContentExtensionResponseOption`.
    public enum Ending: String, Sendable, Hashable {
        /// The interface stays up (`doNotDismiss`).
        case stay
        /// The interface goes away; the extension handled the action (`dismiss`).
        case dismiss
        /// The interface goes away and the app gets the action (`dismissAndForwardAction`).
        case dismissAndForward
    }

    public var steps: [Step]
    public var ending: Ending

    public init(_ steps: [Step] = [], then ending: Ending) {
        self.steps = steps
        self.ending = ending
    }
}

/// The content extension's behaviour for each action of a category.
public struct ContentExtensionModel: Sendable, Hashable {
    public var behaviors: [String: ActionBehavior]
    /// For an action with no behaviour: by default the app gets it.
    public var fallback: ActionBehavior
    /// Longest a sound may hold the extension when the player never reports its end.
    public var maxSoundWait: Double

    public init(
        _ behaviors: [String: ActionBehavior], fallback: ActionBehavior = ActionBehavior(then: .dismissAndForward), maxSoundWait: Double = 5
    ) {
        self.behaviors = behaviors
        self.fallback = fallback
        self.maxSoundWait = maxSoundWait
    }

    public func behavior(for action: String) -> ActionBehavior {
        behaviors[action] ?? fallback
    }

    /// The content extension of seed post 002 (docs/ARCHITECTURE.md, "The seed posts"),
    /// without its 1.5 s delays: open dismisses (the system opens the app, a foreground
    /// action), "not interested" dismisses and forwards to the app, like
    /// plays `like.m4a` and dismisses when it ends, collect shows "收藏成功~" for a
    /// reading time and dismisses, comment shows the typed text and stays.
    public static func post002(readingTime: Double = 1.0) -> ContentExtensionModel {
        ContentExtensionModel([
            "action-open": ActionBehavior(then: .dismiss),
            "action-cancel": ActionBehavior(then: .dismissAndForward),
            "action-like": ActionBehavior([.playSound("like.m4a")], then: .dismiss),
            "action-collect": ActionBehavior([.show("收藏成功~"), .hold(readingTime)], then: .dismiss),
            "action-comment": ActionBehavior([.showTypedText, .notifyApp], then: .stay),
        ])
    }
}
