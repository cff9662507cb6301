import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldCore

@Suite("GatewayClient: the inbox")
@MainActor
struct GatewayInboxSyncTests {
    let clock = VirtualClock(now: 1_000)
    let gateway: InboxModelGateway
    let folder: TemporaryDirectory
    let connection: InboxModelGateway.Connection

    init() throws {
        gateway = InboxModelGateway(clock: clock)
        connection = InboxModelGateway.Connection(gateway: gateway)
        folder = try TemporaryDirectory()
    }

    func device(_ token: UInt8 = 0xA1) async throws -> GatewayClient {
        let client = GatewayClient(
            baseURL: URL(string: "http://gateway.test") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: connection, deviceStore: nil, attributes: { GatewayDeviceAttributes() })
        try await client.register(token: DeviceToken(data: Data(repeating: token, count: 32)), environment: .sandbox)
        return client
    }

    func inbox(capacity: Int = 200) throws -> Inbox {
        let clock = clock
        return try Inbox(directory: folder.url, capacity: capacity, now: { MainActor.assumeIsolated { clock.now } })
    }

    @Test("a sync pages by cursor (after, limit) until more is false; the next one asks only for what changed")
    func pages() async throws {
        let client = try await device()
        let inbox = try inbox(capacity: 300)
        for index in 0..<230 { gateway.addMessage("msg_\(index)") }
        #expect(try await client.syncInbox(inbox) == 230)
        #expect(try inbox.items().count == 230)
        let gets = gateway.requests.filter { $0.hasPrefix("GET") }
        #expect(
            gets == [
                "GET devices/dev_a1a1/inbox?limit=100", "GET devices/dev_a1a1/inbox?after=ic1_dev_a1a1_100&limit=100",
                "GET devices/dev_a1a1/inbox?after=ic1_dev_a1a1_200&limit=100",
            ])
        gateway.deleteMessage("msg_3")
        #expect(try await client.syncInbox(inbox) == 229)
        #expect(gateway.requests.last == "GET devices/dev_a1a1/inbox?after=ic1_dev_a1a1_230&limit=100")
        #expect(try inbox.isDeleted("msg_3"))
        #expect(try inbox.badge() == 229)
    }

    @Test(
        "login and logout empty the local inbox (its pending reads sent first, for the user who made them): the next user sees none of the previous one's messages"
    )
    func userChangeResets() async throws {
        let client = try await device()
        let inbox = try inbox()
        client.inbox = inbox
        gateway.addMessage("pub_1")
        gateway.addMessage("pub_2")
        try await client.syncInbox(inbox)
        connection.isOffline = true
        await #expect(throws: GatewayClientError.self) { try await client.markInboxRead(["pub_1"], in: inbox) }
        connection.isOffline = false
        let before = gateway.requests.count
        try await client.login(userID: "dave", userToken: "token")
        #expect(Array(gateway.requests[before...]) == ["POST devices/dev_a1a1/inbox/read", "PUT devices/dev_a1a1/user"])
        #expect(gateway.isRead("pub_1") == true)
        #expect(try inbox.items().isEmpty)
        #expect(try inbox.badge() == 0)
        #expect(try inbox.cursor() == nil, "the next sync starts from the start")
        #expect(try inbox.pendingChanges() == ([], []))
        try await client.syncInbox(inbox)
        #expect(try inbox.items().count == 2)
        try await client.logout()
        #expect(try inbox.items().isEmpty)
        #expect(try inbox.cursor() == nil)
    }

    @Test("reading offline keeps the read (badge down at once); the next sync sends it before it lists")
    func offlineRead() async throws {
        let client = try await device()
        let inbox = try inbox()
        gateway.addMessage("pub_1")
        gateway.addMessage("pub_2")
        try await client.syncInbox(inbox)
        connection.isOffline = true
        await #expect(throws: GatewayClientError.self) { try await client.markInboxRead(["pub_1"], in: inbox) }
        await #expect(throws: GatewayClientError.self) { try await client.deleteFromInbox(["pub_2"], in: inbox) }
        #expect(try inbox.badge() == 0)
        #expect(try inbox.pendingChanges() == (["pub_1"], ["pub_2"]))
        connection.isOffline = false
        let before = gateway.requests.count
        #expect(try await client.syncInbox(inbox) == 0)
        #expect(
            Array(gateway.requests[before...]) == [
                "POST devices/dev_a1a1/inbox/delete", "POST devices/dev_a1a1/inbox/read",
                "GET devices/dev_a1a1/inbox?after=ic1_dev_a1a1_2&limit=100",
            ])
        #expect(gateway.isRead("pub_1") == true)
        #expect(gateway.visible == ["pub_1": true])
        #expect(try inbox.pendingChanges() == ([], []))
    }

    @Test("a refused cursor (invalid_cursor): the sync starts over from the start and drops what the gateway no longer lists")
    func invalidCursor() async throws {
        let logger = CollectingLogger()
        let client = GatewayClient(
            baseURL: URL(string: "http://gateway.test") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: connection, deviceStore: nil, logger: logger, attributes: { GatewayDeviceAttributes() })
        try await client.register(token: DeviceToken(data: Data(repeating: 0xA1, count: 32)), environment: .sandbox)
        let inbox = try inbox()
        gateway.addMessage("pub_1")
        gateway.addMessage("pub_2")
        try inbox.add(PushNotification.inboxPush("pub_1"))
        try inbox.add(PushNotification.inboxPush("pub_2"))
        try inbox.apply([], cursor: "ic1_dev_other_9")
        gateway.deleteMessage("pub_2")
        try await client.syncInbox(inbox)
        #expect(try inbox.items().map(\.id) == ["pub_1"])
        #expect(try inbox.cursor() == "ic1_dev_a1a1_3")
        #expect(logger.lines.contains { $0.contains("cursor was refused") })
    }

    @Test("a push that arrives after a sync, for a message already deleted, goes at the next sync")
    func latePushOfDeleted() async throws {
        let client = try await device()
        let inbox = try inbox()
        gateway.addMessage("pub_1")
        gateway.deleteMessage("pub_1")
        gateway.addMessage("pub_2")
        try await client.syncInbox(inbox)
        try inbox.add(PushNotification.inboxPush("pub_1"))
        try inbox.add(PushNotification.inboxPush("pub_3"))
        gateway.addMessage("pub_3")
        try await client.syncInbox(inbox)
        #expect(try inbox.items().map(\.id).sorted() == ["pub_2", "pub_3"])
    }

    @Test("a Herald push without herald.inboxMessage (a publish without inbox) stays local: a sync that does not list it keeps it")
    func plainPushStays() async throws {
        let client = try await device()
        let inbox = try inbox()
        gateway.addMessage("pub_1")
        try await client.syncInbox(inbox)
        try inbox.add(PushNotification(provider: .herald, id: "pub_plain", raw: ["herald": ["publishId": "pub_plain"]]))
        try inbox.add(PushNotification.inboxPush("pub_gone"))
        try await client.syncInbox(inbox)
        #expect(try inbox.items().map(\.id).sorted() == ["pub_1", "pub_plain"])
        try inbox.apply([], cursor: "ic1_dev_other_9")
        try await client.syncInbox(inbox)  // refused: from the start, which lists only pub_1
        #expect(try inbox.items().map(\.id).sorted() == ["pub_1", "pub_plain"])
    }

    @Test("the background sync push is recognised by herald.inbox; an alert push is not")
    func syncPush() {
        #expect(GatewayClient.isInboxSyncPush(["aps": ["content-available": 1], "herald": ["publishId": "p", "inbox": ["unread": 2]]]))
        #expect(!GatewayClient.isInboxSyncPush(["aps": ["alert": "hi"], "herald": ["publishId": "p"]]))
    }

    @Test("read on one device: the other, after its background push and sync, removes that delivered notification from the list")
    func cleanup() async throws {
        let phone = try await device(0xA1)
        let tablet = try await device(0xB2)
        let phoneInbox = try inbox()
        let tabletFolder = try TemporaryDirectory()
        let tabletInbox = try Inbox(directory: tabletFolder.url)
        for id in ["pub_1", "pub_2", "pub_3"] { gateway.addMessage(id) }
        let delivered = ["pub_1", "pub_2", "pub_3"].map { id in
            DeliveredNotification(identifier: "request-\(id)", payload: ["aps": ["alert": "hi"], "herald": ["publishId": .string(id)]])
        } + [DeliveredNotification(identifier: "other", payload: ["aps": ["alert": "no id"]])]
        for id in ["pub_1", "pub_2", "pub_3"] { try tabletInbox.add(PushNotification.inboxPush(id)) }
        try await phone.syncInbox(phoneInbox)
        try await tablet.syncInbox(tabletInbox)
        #expect(try DeliveredNotificationCleanup.identifiers(toRemove: delivered, inbox: tabletInbox).isEmpty)
        try await phone.markInboxRead(["pub_2"], in: phoneInbox)
        try await phone.deleteFromInbox(["pub_3"], in: phoneInbox)
        #expect(gateway.takeSyncPush(for: "dev_a1a1") == nil, "the device that read gets no push")
        let push = try #require(gateway.takeSyncPush(for: "dev_b2b2"))
        #expect(GatewayClient.isInboxSyncPush(push))
        #expect(gateway.takeSyncPush(for: "dev_b2b2") == nil, "one push for the burst")
        #expect(try await tablet.syncInbox(tabletInbox) == 1)
        #expect(try DeliveredNotificationCleanup.identifiers(toRemove: delivered, inbox: tabletInbox) == ["request-pub_2", "request-pub_3"])
        #expect(try tabletInbox.badge() == 1)
    }
}

@Suite("GatewayClient: a malformed inbox answer")
@MainActor
struct GatewayInboxAnswerTests {
    @Test("a message without its read flag: the sync fails naming it, and keeps nothing of the page")
    func malformed() async throws {
        let transport = RecordingGatewayTransport()
        let client = GatewayClient(
            baseURL: URL(string: "http://gateway.test") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: transport, deviceStore: nil, attributes: { GatewayDeviceAttributes() })
        transport.answer(201, #"{"deviceId":"dev_1","deviceKey":"hdk_1"}"#)
        try await client.register(token: DeviceToken(data: Data(repeating: 1, count: 32)), environment: .sandbox)
        let folder = try TemporaryDirectory()
        let inbox = try Inbox(directory: folder.url)
        transport.answer(
            200, #"{"messages":[{"id":"pub_1","createdAt":1,"read":false,"deleted":false},{"id":"pub_2","createdAt":1}],"unread":2,"cursor":"c","more":false}"#)
        let error = await #expect(throws: GatewayClientError.self) { try await client.syncInbox(inbox) }
        #expect(error?.reason == .unexpectedResponse)
        #expect(error?.message.contains("pub_2") == true)
        #expect(try inbox.items().isEmpty)
        #expect(try inbox.cursor() == nil)
    }
}
