#if canImport(UIKit) && canImport(SwiftUI)
import HeraldCore
import Combine
import SwiftUI

/// The navigator for SwiftUI apps: the navigation state is the source of truth, the
/// core's commands change it (`NavigationState.apply`, the same code the simulator
/// runs), and the views bind to it: a `TabView` to `selectedTab`, one
/// `NavigationStack` per tab to `path(for:)`, a sheet to `presented`.
///
/// ```swift
/// TabView(selection: navigator.selectedTab) {
///     NavigationStack(path: navigator.path(for: "home")) {
///         HomeView().navigationDestination(for: Screen.self) { ScreenView(screen: $0) }
///     }.tag("home")
/// }
/// .sheet(item: navigator.presented) { ScreenView(screen: $0) }
/// ```
@MainActor
public final class SwiftUINavigator: ObservableObject, Navigator {
    /// Where the user is; the core reads it to decide, the views show it.
    @Published public private(set) var state: NavigationState

    public init(tabs: [String]) {
        state = NavigationState(tabs: tabs)
    }

    public func apply(_ command: NavigationCommand) {
        state.apply(command)
    }

    /// The selected tab, for `TabView(selection:)`.
    public var selectedTab: Binding<String> {
        Binding(
            get: { @MainActor [weak self] in self?.state.selectedTab ?? "" },
            set: { @MainActor [weak self] tab in self?.state.selectedTab = tab })
    }

    /// `tab`'s stack above its root, for `NavigationStack(path:)`; the user's own pushes
    /// and pops land here too, so the core always sees the real stack.
    public func path(for tab: String) -> Binding<[Screen]> {
        Binding(
            get: { @MainActor [weak self] in self?.state.stacks[tab] ?? [] },
            set: { @MainActor [weak self] screens in self?.state.stacks[tab] = screens })
    }

    /// The screen presented over everything, for `sheet(item:)`.
    public var presented: Binding<Screen?> {
        Binding(
            get: { @MainActor [weak self] in self?.state.presented },
            set: { @MainActor [weak self] screen in self?.state.presented = screen })
    }
}
#endif
