#if canImport(UIKit)
import HeraldCore
import UIKit
import UserNotifications

// One platform value to one core value, each way; nothing here decides anything.

extension AppState {
    /// The runtime's name for UIKit's application state.
    init(_ state: UIApplication.State) {
        switch state {
        case .active: self = .active
        case .inactive: self = .inactive
        case .background: self = .background
        @unknown default: self = .inactive
        }
    }
}

extension NotificationSource {
    /// A push when APNs delivered it, else a local notification (Herald's re-post or the app's own).
    init(_ trigger: UNNotificationTrigger?) {
        self = trigger is UNPushNotificationTrigger ? .remote : .local
    }
}

extension UIBackgroundFetchResult {
    /// The system's answer for what the inbox's background push brought.
    init(_ result: GatewayInbox.BackgroundResult) {
        switch result {
        case .noData: self = .noData
        case .newData: self = .newData
        case .failed: self = .failed
        }
    }
}

extension UNNotificationPresentationOptions {
    /// The system options for the core's presentation options.
    init(_ options: PresentationOptions) {
        self = []
        if options.contains(.banner) { insert(.banner) }
        if options.contains(.list) { insert(.list) }
        if options.contains(.sound) { insert(.sound) }
        if options.contains(.badge) { insert(.badge) }
    }
}
#endif
