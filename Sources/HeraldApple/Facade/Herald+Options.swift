#if canImport(UIKit)
import HeraldCore
import UIKit
import UserNotifications

extension Herald {
    /// What `start(launchOptions:)` asks of the system, and the banner's look.
    public struct Options {
        /// The authorization to request: any of badge, sound, alert, provisional,
        /// criticalAlert (needs Apple's entitlement), carPlay, providesAppNotificationSettings.
        public var authorization: UNAuthorizationOptions
        /// The categories (actions) to register, before the first notification can arrive.
        public var categories: Set<UNNotificationCategory>
        /// Whether Herald becomes the `UNUserNotificationCenter` delegate; `false` when the
        /// app owns it and forwards to `Herald.notificationDelegate`.
        public var setsDelegate: Bool
        /// The banner's look; also settable later on `Herald.banner.style`.
        public var bannerStyle: BannerStyle

        public init(
            authorization: UNAuthorizationOptions = [.badge, .sound, .alert],
            categories: Set<UNNotificationCategory> = [], setsDelegate: Bool = true,
            bannerStyle: BannerStyle = .standard
        ) {
            self.authorization = authorization
            self.categories = categories
            self.setsDelegate = setsDelegate
            self.bannerStyle = bannerStyle
        }
    }
}
#endif
