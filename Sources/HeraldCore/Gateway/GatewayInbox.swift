/// The gateway's inbox as the app's platform adapter uses it: one `GatewayClient` and the
/// shared `Inbox`, synced one sync at a time (a sync asked for while one runs follows it),
/// with what a push means and which delivered notifications leave the list. Failures are
/// logged: what was synced stays, and reads wait in the inbox for the next sync.
@MainActor
public final class GatewayInbox {
    public let client: GatewayClient
    public let inbox: Inbox
    private let logger: any HeraldLogger
    private var last: Task<Bool, Never>?

    /// Makes `inbox` the client's (`GatewayClient.inbox`): its `login` and `logout` empty it.
    public init(client: GatewayClient, inbox: Inbox, logger: any HeraldLogger = SilentLogger()) {
        self.client = client
        self.inbox = inbox
        self.logger = logger
        client.inbox = inbox
    }

    /// Syncs after any sync already running; whether this one reached the gateway.
    @discardableResult
    public func sync() async -> Bool {
        await serially { [client, inbox] () throws(GatewayClientError) in try await client.syncInbox(inbox) }
    }

    /// Marks messages read here and, when it can reach it, at the gateway.
    @discardableResult
    public func markRead(_ ids: [String]) async -> Bool {
        await serially { [client, inbox] () throws(GatewayClientError) in try await client.markInboxRead(ids, in: inbox) }
    }

    /// Deletes messages here and, when it can reach it, at the gateway.
    @discardableResult
    public func delete(_ ids: [String]) async -> Bool {
        await serially { [client, inbox] () throws(GatewayClientError) in try await client.deleteFromInbox(ids, in: inbox) }
    }

    /// What a background push brought, as the app answers the system for it.
    public enum BackgroundResult: Sendable, Equatable {
        /// Not the inbox's sync push.
        case noData
        /// The sync push, and the sync reached the gateway.
        case newData
        /// The sync push, and the sync failed (logged); what was synced stays.
        case failed
    }

    /// A push arrived: when it is the inbox's sync push (`herald.inbox`), syncs.
    public func didReceive(_ payload: JSONValue) async -> BackgroundResult {
        guard GatewayClient.isInboxSyncPush(payload) else { return .noData }
        return await sync() ? .newData : .failed
    }

    /// The delivered notifications to remove from the list (their message is read or
    /// deleted); none when the inbox cannot be read (logged). The badge follows from the
    /// inbox (`HeraldRuntime.refreshBadge()`).
    public func identifiersToRemove(delivered: [DeliveredNotification]) -> [String] {
        do {
            return try DeliveredNotificationCleanup.identifiers(toRemove: delivered, inbox: inbox)
        } catch {
            logger.log(.error, "herald inbox: \(error)")
            return []
        }
    }

    private func serially(_ work: @escaping @MainActor () async throws(GatewayClientError) -> Void) async -> Bool {
        let previous = last
        let logger = logger
        let reached = Task { @MainActor () -> Bool in
            _ = await previous?.value
            do throws(GatewayClientError) {
                try await work()
                return true
            } catch {
                logger.log(.warning, "herald inbox: \(error.message)")
                return false
            }
        }
        last = reached
        return await reached.value
    }
}
