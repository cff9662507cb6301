/// Where the banner slot is in its cycle.
public enum BannerPhase: Sendable, Hashable {
    /// Nothing on screen and nothing waiting.
    case idle
    /// Between `willShow` and `didShow`.
    case appearing
    /// Between `didShow` and `willHide`: the auto-hide timer runs (or is held by a touch).
    case visible
    /// Between `willHide` and `didHide`.
    case hiding(BannerHideReason)
    /// The `gap` after a `didHide`: nothing on screen, the next banner waits.
    case resting
}
