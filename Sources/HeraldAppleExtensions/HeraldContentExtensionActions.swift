#if canImport(UserNotificationsUI)
import Foundation
import HeraldCore
import UserNotifications
import UserNotificationsUI

/// Answers a content extension's `didReceive(_:completionHandler:)` from the core's
/// action model: the controller runs the action's steps on the clock, and its ending
/// becomes the system's response option.
@MainActor
public final class HeraldContentExtensionActions {
    public let controller: ContentExtensionController

    public init(model: ContentExtensionModel, view: any ContentExtensionView, clock: any HeraldClock = LiveClock()) {
        controller = ContentExtensionController(model: model, view: view, clock: clock)
    }

    /// `didReceive(_ notification:)`: shows the body.
    public func didReceive(_ notification: UNNotification) {
        let content = notification.request.content
        controller.didReceive(NotificationContent(title: content.title, subtitle: content.subtitle, body: content.body))
    }

    /// `didReceive(_ response:completionHandler:)`: runs the action, then answers once.
    public func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        let text = (response as? UNTextInputNotificationResponse)?.userText
        controller.didReceive(action: response.actionIdentifier, text: text) { ending in
            completion(Self.option(ending))
        }
    }

    /// The system's response option for the core's ending.
    nonisolated static func option(_ ending: ActionBehavior.Ending) -> UNNotificationContentExtensionResponseOption {
        switch ending {
        case .stay: return .doNotDismiss
        case .dismiss: return .dismiss
        case .dismissAndForward: return .dismissAndForwardAction
        }
    }
}
#endif
