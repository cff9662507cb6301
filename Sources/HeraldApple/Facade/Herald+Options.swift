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
        /// The App Group the app shares with its extensions. Receipts, the inbox and the
        /// badge live in its container (`SharedFolder`); without one there are none.
        public var appGroup: String?
        /// Where receipts are sent (Herald's gateway or your backend); without one they
        /// stay in the outbox until a transport is given.
        public var receiptTransport: (any ReceiptTransport)?
        /// Whether the gateway keeps the inbox: with a `GatewayClient` as
        /// `registrar` and an `appGroup`, Herald syncs it at launch and activation, after a
        /// tap and on its background push (`didReceiveBackgroundPush`); the badge is then
        /// its unread count, and read or deleted messages leave the notification list.
        public var serverInbox: Bool
        /// Where the alert's localization keys (`loc-key` and the like) are looked up for
        /// Herald's own banner and alert: the app's `Localizable.strings` unless the app gives another table.
        public var localizer: any Localizer

        public init(
            authorization: UNAuthorizationOptions = [.badge, .sound, .alert],
            categories: Set<UNNotificationCategory> = [], setsDelegate: Bool = true,
            bannerStyle: BannerStyle = .standard, appGroup: String? = nil, receiptTransport: (any ReceiptTransport)? = nil,
            localizer: any Localizer = BundleLocalizer(), serverInbox: Bool = false
        ) {
            self.authorization = authorization
            self.categories = categories
            self.setsDelegate = setsDelegate
            self.bannerStyle = bannerStyle
            self.appGroup = appGroup
            self.receiptTransport = receiptTransport
            self.localizer = localizer
            self.serverInbox = serverInbox
        }
    }
}
#endif
