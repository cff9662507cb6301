/// A screen in the app's navigation: its name and the parameters that identify its content.
public struct Screen: Sendable, Hashable, Identifiable, CustomStringConvertible {
    public var name: String
    public var params: [String: String]

    public init(_ name: String, params: [String: String] = [:]) {
        self.name = name
        self.params = params
    }

    /// The name of the screen `openWeb` shows.
    public static let web = "web"

    /// The screen `openWeb` shows: `web` with the `url` and, when given, the `title`.
    public static func webPage(url: String, title: String?) -> Screen {
        Screen(web, params: ["url": url].merging(title.map { ["title": $0] } ?? [:]) { a, _ in a })
    }

    /// The screen itself: two screens with the same name and parameters are one (SwiftUI's `sheet(item:)`).
    public var id: Screen { self }

    public var description: String {
        params.isEmpty ? name : name + "(" + params.keys.sorted().map { "\($0)=\(params[$0] ?? "")" }.joined(separator: ", ") + ")"
    }
}

/// What the user sees: the tabs, the selected one, each tab's stack above its root, and
/// a presented screen, if any. A `Navigator` reports it; the decider reads it.
public struct NavigationState: Sendable, Hashable {
    public var tabs: [String]
    public var selectedTab: String?
    /// Screens pushed on each tab's navigation stack, bottom first (the tab's root not included).
    public var stacks: [String: [Screen]]
    /// A screen presented modally over everything.
    public var presented: Screen?

    public init(tabs: [String] = [], selectedTab: String? = nil, stacks: [String: [Screen]] = [:], presented: Screen? = nil) {
        self.tabs = tabs
        self.selectedTab = selectedTab ?? tabs.first
        self.stacks = stacks
        self.presented = presented
    }

    /// The screen on top, if any above the selected tab's root.
    public var visibleScreen: Screen? {
        presented ?? selectedTab.flatMap { stacks[$0]?.last }
    }

    /// Applies `command`, as a navigator that follows the decisions would.
    public mutating func apply(_ command: NavigationCommand) {
        switch command {
        case .selectTab(let tab):
            presented = nil
            selectedTab = tab
        case .popToRoot(let tab):
            stacks[tab] = []
        case .push(let screen, let tab):
            stacks[tab, default: []].append(screen)
        case .refresh(let screen):
            if presented?.name == screen.name {
                presented = screen
            } else if let tab = selectedTab, let last = stacks[tab]?.indices.last {
                stacks[tab]?[last] = screen
            }
        case .present(let screen):
            presented = screen
        case .openWeb(let url, let title):
            // A web page is pushed on the selected tab, like any screen.
            let web = Screen.webPage(url: url, title: title)
            if let tab = selectedTab { stacks[tab, default: []].append(web) } else { presented = web }
        case .stack(let tab, let screens):
            presented = nil
            selectedTab = tab
            stacks[tab] = screens
        }
    }
}
