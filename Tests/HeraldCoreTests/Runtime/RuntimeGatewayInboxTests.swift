import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldCore

/// The runtime with the gateway's inbox, as the Apple adapter wires them: a tap reads the
/// message in the shared inbox and the next sync sends the read; the background sync push
/// is silent (no inbox item, no badge of its own) and syncs; the badge events follow the
/// inbox's unread count.
@Suite("Runtime with the gateway's inbox")
@MainActor
struct RuntimeGatewayInboxTests {
    func alert(_ id: String) -> JSONValue { ["aps": ["alert": ["title": "T"]], "herald": ["publishId": .string(id), "inboxMessage": true]] }

    @Test("a tap reads the message everywhere; another device's background push then syncs, and its list and badge follow")
    func tapAndBackgroundPush() async throws {
        let gateway = InboxModelGateway(clock: VirtualClock(now: 1_000))
        let phoneFolder = try TemporaryDirectory()
        let tabletFolder = try TemporaryDirectory()
        let phone = try RuntimeHarness()
        let tablet = try RuntimeHarness()
        let phoneRecorder = try phone.recordReceipts(in: phoneFolder.url)
        let tabletRecorder = try tablet.recordReceipts(in: tabletFolder.url)
        let phoneInbox = try GatewayInbox(client: await client(gateway, token: 0xA1), inbox: #require(phoneRecorder.inbox))
        let tabletInbox = try GatewayInbox(client: await client(gateway, token: 0xB2), inbox: #require(tabletRecorder.inbox))
        phone.ready()
        tablet.ready()
        for id in ["pub_1", "pub_2"] { gateway.addMessage(id) }
        for id in ["pub_1", "pub_2"] { tablet.runtime.willPresent(alert(id)) }
        #expect(await phoneInbox.sync())
        #expect(await tabletInbox.sync())
        #expect(try tabletInbox.inbox.items().count == 2, "the pushes and the synced messages are one item each")

        phone.runtime.didReceiveResponse(alert("pub_1"))
        #expect(try phoneInbox.inbox.pendingChanges().read == ["pub_1"])
        #expect(phone.events.contains(.badge(1)))
        #expect(await phoneInbox.sync())
        #expect(gateway.isRead("pub_1") == true)

        let push = try #require(gateway.takeSyncPush(for: "dev_b2b2"))
        tablet.events = []
        tablet.runtime.didReceiveSilent(push)
        #expect(try tabletInbox.inbox.items().count == 2, "the sync push is not a message")
        #expect(tablet.events.count == 1, "\(tablet.events)")
        #expect(tablet.events.allSatisfy { if case .ignored(_, let reason) = $0 { reason == "herald inbox sync push" } else { false } })
        #expect(try tabletRecorder.outbox.pending().allSatisfy { $0.notificationID != "pub_sync" }, "no receipt for the sync push")
        #expect(await tabletInbox.didReceive(push) == .newData)
        let delivered = ["pub_1", "pub_2"].map { DeliveredNotification(identifier: "n-\($0)", payload: alert($0)) }
        #expect(tabletInbox.identifiersToRemove(delivered: delivered) == ["n-pub_1"])
        tablet.events = []
        tablet.runtime.refreshBadge()
        #expect(tablet.events == [.badge(1)], "the badge event the adapter sets the icon from")
        tablet.runtime.refreshBadge()
        #expect(tablet.events == [.badge(1)], "once per change")
    }

    func client(_ gateway: InboxModelGateway, token: UInt8) async throws -> GatewayClient {
        let client = GatewayClient(
            baseURL: URL(string: "http://gateway.test") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
            transport: InboxModelGateway.Connection(gateway: gateway), deviceStore: nil, attributes: { GatewayDeviceAttributes() })
        try await client.register(token: DeviceToken(data: Data(repeating: token, count: 32)), environment: .sandbox)
        return client
    }
}
