import Foundation
import HeraldCore
import HeraldTestSupport

/// One simulated iOS device of a user, against an `APIHarness`'s gateway: its own `Inbox`
/// folder and `GatewayClient`, a connection that can go offline, the notification list,
/// and what the test's model needs: the reads and deletes not yet sent (a reinstall loses
/// them) and the pushes kept only here (a publish without `inbox`).
@MainActor
final class InboxTestDevice {
    enum Change: Hashable {
        case read(String)
        case delete(String)
    }

    let name: String
    let harness: APIHarness
    let user: String
    private(set) var transport: APIHarnessTransport
    private(set) var client: GatewayClient
    private(set) var token: DeviceToken
    private(set) var folder: TemporaryFolder
    private(set) var inbox: Inbox
    private var installs = 0
    /// Local reads and deletes not sent to the gateway yet.
    var unsent: [Change] = []
    /// Items of pushes without `inbox`, with their read flag: the device's own.
    var local: [String: Bool] = [:]
    /// The notification list: every alert push shown since the install.
    var delivered: [DeliveredNotification] = []

    init(_ name: String, user: String, harness: APIHarness) async throws {
        self.name = name
        self.user = user
        self.harness = harness
        (transport, client, token, folder, inbox) = try await Self.install(name, installs: 0, user: user, harness: harness)
    }

    var isOffline: Bool {
        get { transport.isOffline }
        set { transport.isOffline = newValue }
    }

    /// The app deleted and installed again: a new folder (no cursor, nothing unsent), a new
    /// APNs token and so a new registration for the same user.
    func reinstall() async throws {
        installs += 1
        folder.cleanup()
        (transport, client, token, folder, inbox) = try await Self.install(name, installs: installs, user: user, harness: harness)
        unsent = []
        local = [:]
        delivered = []
    }

    private static func install(_ name: String, installs: Int, user: String, harness: APIHarness) async throws
        -> (APIHarnessTransport, GatewayClient, DeviceToken, TemporaryFolder, Inbox)
    {
        let transport = APIHarnessTransport(harness)
        let client = GatewayClient(
            baseURL: URL(string: "http://gateway.test") ?? URL(fileURLWithPath: "/"), appID: harness.appID, clientKey: harness.clientKey,
            transport: transport, deviceStore: nil, attributes: { GatewayDeviceAttributes() })
        var bytes = [UInt8](repeating: 0x11, count: 32)
        bytes[0] = name.utf8.first ?? 0
        bytes[1] = UInt8(installs % 256)
        let token = DeviceToken(data: Data(bytes))
        try await client.register(token: token, environment: .production, userID: user, userToken: harness.userToken(user))
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let clock = harness.clock
        return (transport, client, token, folder, try Inbox(directory: folder.url, now: { clock.now }))
    }

    /// Removes the inbox folder (at the end of a test).
    func cleanup() { folder.cleanup() }

    /// An alert push reached the device: into the inbox and the notification list.
    func receive(_ payload: JSONValue) throws {
        let push = try PayloadDecoder().decode(payload)
        guard let id = push.id else { throw GatewayClientError(.unexpectedResponse, "a push without herald.publishId: \(payload)") }
        let added = try inbox.add(push)
        if added, payload["herald"]?["inboxMessage"] != true { local[id] = false }
        delivered.append(DeliveredNotification(identifier: "n-\(id)-\(delivered.count)", payload: payload))
    }

    /// A read or delete here, sent at once when online with anything unsent before it:
    /// what went to the gateway.
    func change(_ change: Change) async -> [Change] {
        unsent.append(change)
        let sent = isOffline ? [] : unsent
        switch change {
        case .read(let id):
            if local[id] != nil { local[id] = true }
            try? await client.markInboxRead([id], in: inbox)
        case .delete(let id):
            local[id] = nil
            try? await client.deleteFromInbox([id], in: inbox)
        }
        if !isOffline { unsent = [] }
        return sent
    }

    /// A sync: what it sent to the gateway (nothing offline), and the unread count it got
    /// (`nil` offline).
    func sync() async -> (sent: [Change], unread: Int?) {
        let sent = isOffline ? [] : unsent
        let unread = try? await client.syncInbox(inbox)
        if !isOffline { unsent = [] }
        return (sent, unread)
    }

    /// The gateway's messages as this device holds them: id and read.
    func messages() throws -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: try inbox.items().filter(\.inboxMessage).map { ($0.id, $0.isRead) })
    }

    /// The device's own items (pushes without `inbox`): id and read.
    func ownItems() throws -> [String: Bool] {
        Dictionary(uniqueKeysWithValues: try inbox.items().filter { !$0.inboxMessage }.map { ($0.id, $0.isRead) })
    }
}
