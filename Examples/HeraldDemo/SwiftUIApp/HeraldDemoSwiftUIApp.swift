import HeraldApple
import HeraldCore
import SwiftUI
import UIKit

/// The demo as a SwiftUI app: the app delegate adaptor owns Herald (and the notification
/// delegate), `SwiftUINavigator` drives a tab view of navigation stacks, and the banner is
/// a SwiftUI view.
@main
struct HeraldDemoSwiftUIApp: App {
    @UIApplicationDelegateAdaptor(DemoAppDelegate.self) private var delegate

    var body: some Scene {
        WindowGroup {
            DemoTabs(navigator: delegate.navigator)
                .heraldReady(delegate.herald)
                .heraldBanner(delegate.herald) { item in DemoBanner(item: item) }
        }
    }
}
