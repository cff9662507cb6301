// TEST-ONLY declaration stub of Apple's UserNotificationsUI framework for `make check-apple`
// on Linux. Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
@_exported import Foundation
import UIKit
import UserNotifications

@available(iOS 10.0, *)
public enum UNNotificationContentExtensionResponseOption: UInt, Sendable {  // Apple: UserNotificationsUI UNNotificationContentExtensionResponseOption, iOS 10.0
    case doNotDismiss, dismiss, dismissAndForwardAction  // Apple: UserNotificationsUI UNNotificationContentExtensionResponseOption cases doNotDismiss, dismiss, dismissAndForwardAction, iOS 10.0
}

/// Linux: the optional requirement has a default implementation.
@available(iOS 10.0, *)
public protocol UNNotificationContentExtension: NSObjectProtocol {  // Apple: UserNotificationsUI UNNotificationContentExtension, iOS 10.0
    @MainActor func didReceive(_ notification: UNNotification)  // Apple: UserNotificationsUI UNNotificationContentExtension.didReceive(_:), iOS 10.0
    func didReceive(  // Apple: UserNotificationsUI UNNotificationContentExtension.didReceive(_:completionHandler:), iOS 10.0
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void)
}

extension UNNotificationContentExtension {
    public func didReceive(  // Linux: the default of an optional requirement (Apple: UserNotificationsUI UNNotificationContentExtension.didReceive(_:completionHandler:), iOS 10.0)
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) { completion(.doNotDismiss) }
}
