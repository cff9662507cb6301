/// One step a `Navigator` takes; a decision is a short list of them, in order.
public enum NavigationCommand: Sendable, Hashable {
    /// Push `screen` on `tab`'s navigation stack (hiding the bottom bar when the navigator is set to).
    case push(Screen, tab: String)
    /// Update the visible screen in place with new parameters (a second article for the visible one: no duplicate push).
    case refresh(Screen)
    /// Switch to `tab`.
    case selectTab(String)
    /// Pop `tab`'s stack to its root (a message opens the messages tab at its list).
    case popToRoot(String)
    /// Present `screen` modally.
    case present(Screen)
    /// Open a web page with a title (the fallback for a link no route knows).
    case openWeb(url: String, title: String?)
    /// Replace `tab`'s whole stack at once, selecting it (a cold start from a tap).
    case stack(tab: String, screens: [Screen])

    /// The command's name in timelines: push, refresh, selectTab, popToRoot, present, openWeb, stack.
    public var kind: String {
        switch self {
        case .push: return "push"
        case .refresh: return "refresh"
        case .selectTab: return "selectTab"
        case .popToRoot: return "popToRoot"
        case .present: return "present"
        case .openWeb: return "openWeb"
        case .stack: return "stack"
        }
    }
}

/// Where a route leads: a screen, a tab, or a web page, and how to get there.
public struct RouteTarget: Sendable, Hashable {
    /// How the screen is shown.
    public enum Presentation: String, Sendable, Hashable {
        case push, present, web
    }

    /// What to do when the same screen is already visible.
    public enum Reuse: String, Sendable, Hashable {
        /// Push another one.
        case push
        /// Update the visible one in place.
        case refresh
    }

    /// The screen to show; `nil` to only switch tabs (a message shows the messages tab's list).
    public var screen: String?
    /// The tab the screen belongs to; `nil` for the selected tab.
    public var tab: String?
    /// Fixed parameters, merged under those from the link or the data.
    public var params: [String: String]
    public var presentation: Presentation
    public var reuse: Reuse
    /// Pop the tab to its root first.
    public var popToRoot: Bool
    /// Only for a logged-in user; parked until login otherwise.
    public var requiresAuth: Bool

    public init(
        screen: String? = nil, tab: String? = nil, params: [String: String] = [:], presentation: Presentation = .push,
        reuse: Reuse = .push, popToRoot: Bool = false, requiresAuth: Bool = false
    ) {
        self.screen = screen
        self.tab = tab
        self.params = params
        self.presentation = presentation
        self.reuse = reuse
        self.popToRoot = popToRoot
        self.requiresAuth = requiresAuth
    }
}
