#if canImport(UIKit)
import HeraldCore
import UIKit

/// A view that shows one banner's content. The banner sizes it with Auto Layout (give
/// it constraints or an intrinsic height), gives it the card's background and corners,
/// and handles every touch; the view only shows the item.
///
/// Set `UIKitBanner.makeContent` to use your own; `StandardBannerView` is the default
/// and `heraldBanner(_:content:)` hosts a SwiftUI view.
@MainActor
public protocol BannerContentView: UIView {
    /// Shows `item` (a coalesced update shows the newer item of the same thread).
    func show(_ item: BannerItem, style: BannerStyle)
    /// What VoiceOver reads for the banner.
    var accessibilityText: String { get }
}
#endif
