#if canImport(UIKit)
import HeraldCore
import UIKit
import UserNotifications

/// Puts the runtime's badge on the app icon: `setBadgeCount` on iOS 16 and later,
/// `applicationIconBadgeNumber` before. The number itself comes from the inbox the app
/// and its extensions share (`RuntimeEvent.badge`).
@MainActor
struct BadgeSetter {
    let center: UNUserNotificationCenter
    let logger: any HeraldLogger

    func set(_ count: Int) {
        if #available(iOS 16.0, *) {
            center.setBadgeCount(count, withCompletionHandler: Self.done(count, logger))
        } else {
            UIApplication.shared.applicationIconBadgeNumber = count
        }
    }

    /// Built outside the main actor: iOS calls it on a background queue.
    nonisolated private static func done(_ count: Int, _ logger: any HeraldLogger) -> @Sendable ((any Error)?) -> Void {
        { error in
            if let error { logger.log(.warning, "herald: could not set the badge to \(count): \(error)") }
        }
    }
}
#endif
