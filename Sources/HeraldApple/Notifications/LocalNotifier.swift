#if canImport(UIKit)
import Foundation
import HeraldCore
import UserNotifications

/// Posts the runtime's re-posts (a push shown again as a local notification) as local notifications. What they contain
/// is `LocalRepost`'s decision; this copies it into a request, field by field.
@MainActor
final class LocalNotifier: SystemNotifier {
    private let center: UNUserNotificationCenter
    private let logger: any HeraldLogger

    init(center: UNUserNotificationCenter, logger: any HeraldLogger) {
        self.center = center
        self.logger = logger
    }

    func postLocal(_ notification: PushNotification) {
        let repost = LocalRepost(notification, fallbackIdentifier: UUID().uuidString)
        let content = UNMutableNotificationContent()
        content.title = repost.title ?? ""
        content.subtitle = repost.subtitle ?? ""
        content.body = repost.body ?? ""
        content.sound = repost.sound.map(UNNotificationSound.herald)
        content.threadIdentifier = repost.threadID ?? ""
        content.categoryIdentifier = repost.categoryID ?? ""
        content.userInfo = repost.userInfo.mapValues(\.foundationObject)
        let request = UNNotificationRequest(identifier: repost.identifier, content: content, trigger: nil)
        center.add(request, withCompletionHandler: Self.added(repost.identifier, logger))
    }

    /// Built outside the main actor: iOS calls it on a background queue.
    nonisolated private static func added(_ identifier: String, _ logger: any HeraldLogger) -> @Sendable ((any Error)?) -> Void {
        { error in
            if let error { logger.log(.error, "herald: re-post \(identifier) failed: \(error)") }
        }
    }
}

extension UNNotificationSound {
    /// The system sound for a re-post's sound.
    static func herald(_ sound: LocalRepost.Sound) -> UNNotificationSound {
        switch sound {
        case .systemDefault: return .default
        case .named(let name): return UNNotificationSound(named: UNNotificationSoundName(rawValue: name))
        }
    }
}
#endif
