import HeraldApple
import HeraldCore
import SwiftUI

/// One navigation stack per tab, bound to the navigator's state; a route's screens land here.
struct DemoTabs: View {
    static let tabs = ["home", "inbox"]
    static var configuration: RuntimeConfiguration {
        RuntimeConfiguration(routes: [
            AppRoute(pattern: "herald-demo://orders/<int:id>", target: RouteTarget(screen: "Order", tab: "home", reuse: .refresh))
        ])
    }

    @ObservedObject var navigator: SwiftUINavigator

    var body: some View {
        TabView(selection: navigator.selectedTab) {
            NavigationStack(path: navigator.path(for: "home")) {
                Text("Home").navigationDestination(for: Screen.self) { screen in Text(screen.description) }
            }
            .tabItem { Text("Home") }
            .tag("home")
            NavigationStack(path: navigator.path(for: "inbox")) {
                Text("Inbox").navigationDestination(for: Screen.self) { screen in Text(screen.description) }
            }
            .tabItem { Text("Inbox") }
            .tag("inbox")
        }
        .sheet(item: navigator.presented) { screen in Text(screen.description) }
    }
}
