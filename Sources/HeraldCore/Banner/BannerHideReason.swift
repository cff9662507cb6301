/// Why a banner left the screen.
public enum BannerHideReason: String, Sendable, Hashable {
    /// Its auto-hide time ran out.
    case timeout
    /// The user tapped it (`BannerEvent.tapped` came first).
    case tap
    /// The user swiped it away (`SwipeDismissRule`).
    case swipe
    /// `BannerQueue.present(_:)` put another banner in its place.
    case replaced
    /// The app asked: `dismissCurrent()` or `removeAll()`.
    case programmatic
}
