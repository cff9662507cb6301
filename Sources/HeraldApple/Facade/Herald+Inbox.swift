#if canImport(UIKit)
import HeraldCore
import UIKit
import UserNotifications

/// The inbox the gateway keeps (`Options.serverInbox`): synced into the shared `Inbox` at
/// launch and activation, after a tap, on the background push that carries `herald.inbox`,
/// and on demand; then the badge is its unread count and the delivered notifications of
/// messages read or deleted leave the notification list (`DeliveredNotificationCleanup`
/// decides which).
extension Herald {
    /// Syncs the inbox with the gateway, then updates the badge and the notification list.
    /// A failure is logged; what was synced stays, and the next sync goes on from there.
    public func syncInbox() async {
        guard let (client, inbox) = serverInbox() else { return }
        do {
            try await client.syncInbox(inbox)
        } catch {
            logger.log(.warning, "herald inbox: not synced with the gateway: \(error.message)")
        }
        await refreshNotificationList(inbox)
    }

    /// Marks messages read here and on the user's other devices; offline, the next sync sends it.
    public func markRead(_ ids: [String]) async {
        guard let (client, inbox) = serverInbox() else { return }
        do {
            try await client.markInboxRead(ids, in: inbox)
        } catch {
            logger.log(.warning, "herald inbox: the read is kept and sent at the next sync: \(error.message)")
        }
        await refreshNotificationList(inbox)
    }

    /// Forward a content-available push from `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`
    /// and pass the answer to the completion handler: the inbox's background push syncs first.
    public func didReceiveBackgroundPush(_ userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
        let payload = JSONValue(foundation: userInfo)
        runtime.didReceiveSilent(payload)
        guard GatewayClient.isInboxSyncPush(payload), serverInbox() != nil else { return .noData }
        await syncInbox()
        return .newData
    }

    /// The client and inbox to sync, when the app asked for the gateway's inbox and has both.
    private func serverInbox() -> (GatewayClient, Inbox)? {
        guard options.serverInbox else { return nil }
        guard let client = registrar as? GatewayClient, let inbox = runtime.receipts?.inbox else {
            logger.log(.error, "herald inbox: serverInbox needs a GatewayClient as registrar and an appGroup for the inbox")
            return nil
        }
        return (client, inbox)
    }

    /// Removes the delivered notifications of read or deleted messages and sets the badge.
    private func refreshNotificationList(_ inbox: Inbox) async {
        let center = center
        let delivered = await withCheckedContinuation { continuation in
            center.getDeliveredNotifications { continuation.resume(returning: $0) }
        }
        let listed = delivered.map { notification in
            DeliveredNotification(
                identifier: notification.request.identifier, payload: JSONValue(foundation: notification.request.content.userInfo))
        }
        do {
            let identifiers = try DeliveredNotificationCleanup.identifiers(toRemove: listed, inbox: inbox)
            if !identifiers.isEmpty { center.removeDeliveredNotifications(withIdentifiers: identifiers) }
            badge.set(try inbox.badge())
        } catch {
            logger.log(.error, "herald inbox: \(error)")
        }
    }
}
#endif
