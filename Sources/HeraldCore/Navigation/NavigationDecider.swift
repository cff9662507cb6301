/// Turns a resolved route into navigation commands for the current state: the one
/// place where "switch tab, pop, push or refresh" is decided (the seed posts copy
/// that logic into every page).
public struct NavigationDecider: Sendable {
    public init() {}

    /// The commands that take the user from `state` to `target` with `params`.
    ///
    /// - `coldStart`: the UI was just built for this route; the target tab's whole
    ///   stack is set at once (tab root, then the screen) instead of pushing onto whatever is there.
    public func decide(
        _ target: RouteTarget, params: [String: String], link: String?, state: NavigationState, coldStart: Bool = false
    ) -> [NavigationCommand] {
        let merged = target.params.merging(params) { _, new in new }
        if target.presentation == .web {
            guard let url = merged["url"] ?? link else { return [] }
            return [.openWeb(url: url, title: merged["title"])]
        }
        let tab = target.tab ?? state.selectedTab ?? state.tabs.first ?? "main"
        guard let name = target.screen else {
            var commands: [NavigationCommand] = []
            if state.presented != nil || state.selectedTab != tab { commands.append(.selectTab(tab)) }
            if target.popToRoot && !(state.stacks[tab] ?? []).isEmpty { commands.append(.popToRoot(tab)) }
            return commands
        }
        let screen = Screen(name, params: merged)
        if target.presentation == .present {
            if target.reuse == .refresh, state.presented?.name == name { return [.refresh(screen)] }
            return [.present(screen)]
        }
        if coldStart { return [.stack(tab: tab, screens: [screen])] }

        var commands: [NavigationCommand] = []
        var next = state
        if state.presented != nil || state.selectedTab != tab {
            commands.append(.selectTab(tab))
            next.apply(.selectTab(tab))
        }
        if target.popToRoot && !(next.stacks[tab] ?? []).isEmpty {
            commands.append(.popToRoot(tab))
            next.apply(.popToRoot(tab))
        }
        if target.reuse == .refresh, next.visibleScreen?.name == name {
            commands.append(.refresh(screen))
        } else {
            commands.append(.push(screen, tab: tab))
        }
        return commands
    }
}
