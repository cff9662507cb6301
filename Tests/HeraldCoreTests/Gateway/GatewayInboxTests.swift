import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldCore

@Suite("GatewayInbox: what the app's adapter asks")
@MainActor
struct GatewayInboxTests {
    let clock = VirtualClock(now: 1_000)
    let gateway: InboxModelGateway
    let folder: TemporaryDirectory

    init() throws {
        gateway = InboxModelGateway(clock: clock)
        folder = try TemporaryDirectory()
    }

    func device(_ token: UInt8, folder: TemporaryDirectory, logger: any HeraldLogger = SilentLogger()) async throws -> (GatewayInbox, InboxModelGateway.Connection) {
        let connection = InboxModelGateway.Connection(gateway: gateway)
        let client = GatewayClient(
            baseURL: URL(string: "http://gateway.test") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: connection, deviceStore: nil, attributes: { GatewayDeviceAttributes() })
        try await client.register(token: DeviceToken(data: Data(repeating: token, count: 32)), environment: .sandbox)
        return (GatewayInbox(client: client, inbox: try Inbox(directory: folder.url), logger: logger), connection)
    }

    @Test("the background push after a read elsewhere: sync, then the read one leaves the list and the badge drops")
    func backgroundPush() async throws {
        let (phone, _) = try await device(0xA1, folder: folder)
        let tabletFolder = try TemporaryDirectory()
        let (tablet, _) = try await device(0xB2, folder: tabletFolder)
        for id in ["pub_1", "pub_2"] {
            gateway.addMessage(id)
            try tablet.inbox.add(PushNotification.inboxPush(id))
        }
        let delivered = ["pub_1", "pub_2"].map { id in
            DeliveredNotification(identifier: "n-\(id)", payload: ["aps": ["alert": "hi"], "herald": ["publishId": .string(id)]])
        }
        #expect(await tablet.sync())
        #expect(await phone.sync())
        #expect(tablet.identifiersToRemove(delivered: delivered) == [])
        #expect(try tablet.inbox.badge() == 2)
        #expect(await phone.markRead(["pub_1"]))
        #expect(await tablet.didReceive(["aps": ["alert": "an alert push"], "herald": ["publishId": "pub_3"]]) == .noData)
        let push = try #require(gateway.takeSyncPush(for: "dev_b2b2"))
        #expect(await tablet.didReceive(push) == .newData)
        #expect(tablet.identifiersToRemove(delivered: delivered) == ["n-pub_1"])
        #expect(try tablet.inbox.badge() == 1)
    }

    @Test("syncs asked for at once run one after the other: the second asks from the first one's cursor")
    func oneAtATime() async throws {
        let (phone, _) = try await device(0xA1, folder: folder)
        gateway.addMessage("pub_1")
        async let first = phone.sync()
        async let second = phone.sync()
        #expect(await [first, second] == [true, true])
        #expect(
            gateway.requests.filter { $0.hasPrefix("GET") } == [
                "GET devices/dev_a1a1/inbox?limit=100", "GET devices/dev_a1a1/inbox?after=ic1_dev_a1a1_1&limit=100",
            ])
    }

    @Test("offline: the read is kept and logged, and the next sync that reaches the gateway sends it")
    func offline() async throws {
        let logger = CollectingLogger()
        let (phone, connection) = try await device(0xA1, folder: folder, logger: logger)
        gateway.addMessage("pub_1")
        #expect(await phone.sync())
        connection.isOffline = true
        #expect(await phone.markRead(["pub_1"]) == false)
        #expect(await phone.sync() == false)
        #expect(await phone.didReceive(["aps": ["content-available": 1], "herald": ["publishId": "p", "inbox": ["unread": 0]]]) == .failed)
        #expect(try phone.inbox.badge() == 0)
        #expect(logger.lines.contains { $0.contains("did not answer") })
        connection.isOffline = false
        #expect(await phone.sync())
        #expect(gateway.isRead("pub_1") == true)
    }
}
