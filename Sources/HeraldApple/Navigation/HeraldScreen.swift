#if canImport(UIKit)
import HeraldCore
import UIKit

/// A view controller that shows one `Screen`. `UIKitNavigator` reports it by that
/// screen in the navigation state, so the core can tell what is visible (a controller
/// that does not adopt it is reported by its type name).
@MainActor
public protocol HeraldScreen: UIViewController {
    /// The screen shown, with the parameters that identify its content.
    var heraldScreen: Screen { get }
}

/// A screen that can show new content in place (a second article push
/// updates the visible article instead of pushing another one). Routes with
/// `reuse: .refresh` call it when their screen is the visible one.
@MainActor
public protocol RefreshableScreen: HeraldScreen {
    /// Show `screen`'s content (same name, new parameters).
    func refresh(with screen: Screen)
}
#endif
