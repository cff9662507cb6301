#if canImport(UIKit)
import HeraldCore
import UIKit
import UserNotifications

/// The inbox the gateway keeps (`Options.serverInbox`), through `GatewayInbox`: synced at
/// activation, after a tap, on the background push that carries `herald.inbox`, and on
/// demand; after each, the badge and the notification list follow what the core decides.
extension Herald {
    /// Syncs the inbox with the gateway, then updates the badge and the notification list.
    public func syncInbox() async {
        guard let inbox = gatewayInbox() else { return }
        await inbox.sync()
        await refreshNotificationList(inbox)
    }

    /// Marks messages read here and on the user's other devices; offline, the next sync sends it.
    public func markRead(_ ids: [String]) async {
        guard let inbox = gatewayInbox() else { return }
        await inbox.markRead(ids)
        await refreshNotificationList(inbox)
    }

    /// Deletes messages here and on the user's other devices; offline, the next sync sends it.
    public func deleteFromInbox(_ ids: [String]) async {
        guard let inbox = gatewayInbox() else { return }
        await inbox.delete(ids)
        await refreshNotificationList(inbox)
    }

    /// Forward a content-available push from `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`
    /// and pass the answer to the completion handler: the inbox's background push syncs first.
    public func didReceiveBackgroundPush(_ userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
        let payload = JSONValue(foundation: userInfo)
        runtime.didReceiveSilent(payload)
        guard let inbox = gatewayInbox() else { return .noData }
        let result = await inbox.didReceive(payload)
        if result != .noData { await refreshNotificationList(inbox) }
        return UIBackgroundFetchResult(result)
    }

    /// The gateway's inbox, when the app asked for it and has a `GatewayClient` and an App Group.
    private func gatewayInbox() -> GatewayInbox? {
        guard options.serverInbox else { return nil }
        if let serverInbox { return serverInbox }
        guard let client = registrar as? GatewayClient, let inbox = runtime.receipts?.inbox else {
            logger.log(.error, "herald inbox: serverInbox needs a GatewayClient as registrar and an appGroup for the inbox")
            return nil
        }
        serverInbox = GatewayInbox(client: client, inbox: inbox, logger: logger)
        return serverInbox
    }

    /// Lists the delivered notifications, removes those the core names, and updates the badge.
    private func refreshNotificationList(_ inbox: GatewayInbox) async {
        let center = center
        let delivered = await withCheckedContinuation { continuation in
            center.getDeliveredNotifications { continuation.resume(returning: $0) }
        }
        let listed = delivered.map { notification in
            DeliveredNotification(
                identifier: notification.request.identifier, payload: JSONValue(foundation: notification.request.content.userInfo))
        }
        let remove = inbox.identifiersToRemove(delivered: listed)
        if !remove.isEmpty { center.removeDeliveredNotifications(withIdentifiers: remove) }
        runtime.refreshBadge()  // the badge event sets the icon
    }
}
#endif
