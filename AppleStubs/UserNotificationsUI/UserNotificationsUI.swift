// TEST-ONLY declaration stub of Apple's UserNotificationsUI framework for `make check-apple`
// on Linux. Never shipped; see AppleStubs/README.md. Bodies trap: nothing here runs.
@_exported import Foundation
import UIKit
import UserNotifications

@available(iOS 10.0, *)
public enum UNNotificationContentExtensionResponseOption: UInt, Sendable {
    case doNotDismiss, dismiss, dismissAndForwardAction
}

/// Linux: the optional requirement has a default implementation.
@available(iOS 10.0, *)
public protocol UNNotificationContentExtension: NSObjectProtocol {
    @MainActor func didReceive(_ notification: UNNotification)
    func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void)
}

extension UNNotificationContentExtension {
    public func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) { completion(.doNotDismiss) }
}
