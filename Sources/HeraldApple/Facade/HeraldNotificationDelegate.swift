#if canImport(UIKit)
import Foundation
import HeraldCore
import UserNotifications

/// The `UNUserNotificationCenter` delegate: turns each callback into Sendable values
/// (the payload, where it came from, the action and typed text) and hands them to
/// `Herald` on the main actor, in the order they came.
///
/// Herald installs it in `start(launchOptions:)`. An app that owns the delegate sets
/// `Herald.Options.setsDelegate` to `false`, keeps one of these in a `nonisolated let`,
/// passes it to `Herald.init`, and forwards with one call per method:
///
/// ```swift
/// nonisolated let heraldDelegate = HeraldNotificationDelegate()
///
/// nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification,
///     withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void) {
///     heraldDelegate.userNotificationCenter(center, willPresent: notification, withCompletionHandler: completionHandler)
/// }
/// ```
public final class HeraldNotificationDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    /// Set by `Herald.init`; read on the main actor only.
    @MainActor weak var herald: Herald?

    public override init() {
        super.init()
    }

    /// A notification arrived while the app is in the foreground.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let payload = JSONValue(foundation: notification.request.content.userInfo)
        let source = NotificationSource(notification.request.trigger)
        onMain { [weak self] in
            guard let herald = self?.herald else { return completionHandler([]) }
            herald.willPresent(payload, source: source, completionHandler: completionHandler)
        }
    }

    /// The user tapped the notification, dismissed it, or chose one of its actions.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let payload = JSONValue(foundation: response.notification.request.content.userInfo)
        let action = response.actionIdentifier
        let text = (response as? UNTextInputNotificationResponse)?.userText
        onMain { [weak self] in
            guard let herald = self?.herald else { return completionHandler() }
            herald.didReceive(payload, action: action, text: text, completionHandler: completionHandler)
        }
    }

    /// Runs `work` on the main actor: at once when called on the main thread (iOS's
    /// usual case, which keeps a launch's callbacks in order), else queued on it.
    private func onMain(_ work: @escaping @MainActor @Sendable () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated { work() }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
        }
    }
}
#endif
