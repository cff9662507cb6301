/// What the banner view must do, or what the app may want to know, in the order it happens.
///
/// For one banner the events run `willShow`, `didShow`, `willHide`, `didHide`, each
/// exactly once, with `updated` and `tapped` anywhere between `willShow` and
/// `willHide`. The item in later events is the latest content (after `updated`).
public enum BannerEvent: Sendable, Hashable {
    /// Start the show animation for this banner.
    case willShow(BannerItem)
    /// The show animation has ended; the auto-hide timer starts now.
    case didShow(BannerItem)
    /// Start the hide animation.
    case willHide(BannerItem, BannerHideReason)
    /// The hide animation has ended; the banner is gone.
    case didHide(BannerItem, BannerHideReason)
    /// Coalesced: the banner on screen now shows this item's content, and its
    /// auto-hide timer restarted from full.
    case updated(BannerItem)
    /// The item will never be shown.
    case dropped(BannerItem, BannerDropReason)
    /// The user tapped the banner; it hides next with reason `.tap`.
    case tapped(BannerItem)

    /// The item the event is about.
    public var item: BannerItem {
        switch self {
        case .willShow(let item), .didShow(let item), .updated(let item), .tapped(let item): item
        case .willHide(let item, _), .didHide(let item, _), .dropped(let item, _): item
        }
    }
}
