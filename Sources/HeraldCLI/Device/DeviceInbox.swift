import Foundation
import HeraldCore
import HeraldSimulator

/// The gateway's inbox on a simulated device (`herald device --inbox`), as the Apple
/// adapter runs it: a sync at start and on the background push that carries `herald.inbox`,
/// after which the badge is the unread count and the notifications of messages read or
/// deleted leave the list (`DeliveredNotificationCleanup`); with `--read-inbox` each inbox
/// message that arrives is read at once, as a tap would, on every device of the user.
@MainActor
final class DeviceInbox {
    let gatewayInbox: GatewayInbox
    let readsArrivals: Bool

    init(client: GatewayClient, inbox: Inbox, readsArrivals: Bool) {
        gatewayInbox = GatewayInbox(client: client, inbox: inbox)
        self.readsArrivals = readsArrivals
    }

    /// The sync at start: `inbox` with the unread count.
    func start(_ runner: ScenarioRunner) async -> (event: String, fields: [String: JSONValue]) {
        let reached = await gatewayInbox.sync()
        return ("inbox", follow(runner, fields: ["sync": "start", "reached": .bool(reached)]))
    }

    /// After a push was played: the sync push syncs, an inbox message is read with
    /// `--read-inbox`; the lines to print (none for another push).
    func played(_ payload: JSONValue, runner: ScenarioRunner) async -> [(event: String, fields: [String: JSONValue])] {
        let result = await gatewayInbox.didReceive(payload)
        if result != .noData {
            return [("inbox", follow(runner, fields: ["sync": "push", "result": .string("\(result)")]))]
        }
        guard readsArrivals, GatewayClient.isInboxMessagePush(payload), let id = payload["herald"]?["publishId"]?.stringValue else {
            return []
        }
        // As a tap: the app opens the message (in the inbox, if the push was not there yet) and reads it.
        if let push = try? runner.scenario.configuration.decoder.decode(payload) { _ = try? gatewayInbox.inbox.add(push) }
        let reached = await gatewayInbox.markRead([id])
        return [("inbox.read", follow(runner, fields: ["id": .string(id), "reached": .bool(reached)]))]
    }

    /// The list and the badge follow the inbox: `fields` with the unread count and the
    /// notifications removed from the list.
    private func follow(_ runner: ScenarioRunner, fields: [String: JSONValue]) -> [String: JSONValue] {
        let removed = gatewayInbox.identifiersToRemove(delivered: runner.deliveredNotifications)
        runner.removeDelivered(removed)
        var fields = fields
        fields["unread"] = .int((try? gatewayInbox.inbox.badge()) ?? 0)
        fields["removed"] = .array(removed.map(JSONValue.string))
        fields["listed"] = .int(runner.deliveredNotifications.count)
        return fields
    }
}
