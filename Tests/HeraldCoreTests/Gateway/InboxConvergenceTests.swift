import Foundation
import HeraldTestSupport
import Testing
@testable import HeraldCore

/// Two devices of one user converge to the gateway's inbox whatever happens in whatever
/// order: publishes whose pushes reach one device, both, neither or arrive late; server
/// messages and server deletes; reads and deletes on either device, online or offline;
/// reinstalls (the folder wiped, the cursor with it); syncs at launch, on demand and on the
/// background push; time passing (messages expire). After a final sync of both, each
/// device's inbox equals the gateway's (ids, read), its unread count and badge are the
/// gateway's unread count, its notification list keeps only the pushes of unread messages,
/// and no read made on a device that was not reinstalled is lost.
@Suite("Inbox convergence (random sequences, two devices)")
@MainActor
struct InboxConvergenceTests {
    /// One device: its connection, its client and its own inbox folder.
    @MainActor
    final class Device {
        let name: String
        let connection: InboxModelGateway.Connection
        let client: GatewayClient
        let clock: VirtualClock
        var folder: TemporaryDirectory
        var inbox: Inbox
        /// Reads made here since the last reinstall: the gateway must end with them read.
        var reads: Set<String> = []
        /// The notification list: every push shown since the last reinstall.
        var delivered: [DeliveredNotification] = []

        init(_ name: String, token: UInt8, gateway: InboxModelGateway, clock: VirtualClock) async throws {
            self.name = name
            self.clock = clock
            connection = InboxModelGateway.Connection(gateway: gateway)
            client = GatewayClient(
                baseURL: URL(string: "http://gateway.test") ?? URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck_key",
                transport: connection, deviceStore: nil, attributes: { GatewayDeviceAttributes() })
            folder = try TemporaryDirectory()
            inbox = try Self.inbox(in: folder, clock: clock)
            try await client.register(token: DeviceToken(data: Data(repeating: token, count: 32)), environment: .sandbox)
        }

        static func inbox(in folder: TemporaryDirectory, clock: VirtualClock) throws -> Inbox {
            try Inbox(directory: folder.url, now: { MainActor.assumeIsolated { clock.now } })
        }

        /// The app deleted and installed again: the folder (and the cursor in it) is gone;
        /// the device's key, in the keychain, stays.
        func reinstall() throws {
            folder = try TemporaryDirectory()
            inbox = try Self.inbox(in: folder, clock: clock)
            reads = []
            delivered = []
        }

        func push(_ id: String) throws {
            try inbox.add(PushNotification.inboxPush(id, title: "T \(id)"))
            delivered.append(DeliveredNotification(identifier: "n-\(id)", payload: ["aps": ["alert": "T"], "herald": ["publishId": .string(id)]]))
        }

        /// The inbox as the gateway would list it: id and read.
        func listed() throws -> [String: Bool] {
            Dictionary(uniqueKeysWithValues: try inbox.items().map { ($0.id, $0.isRead) })
        }
    }

    @Test("over 60 random runs of 80 steps both devices end with the gateway's inbox", arguments: 0..<60)
    func randomRun(seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 31)
        let clock = VirtualClock(now: 1_000)
        let gateway = InboxModelGateway(clock: clock)
        let devices = [
            try await Device("A", token: 0xA1, gateway: gateway, clock: clock),
            try await Device("B", token: 0xB2, gateway: gateway, clock: clock),
        ]
        var published = 0
        var late: [(device: Device, id: String)] = []
        var trace: [String] = []
        for _ in 0..<80 {
            let device = devices.randomElement(using: &random) ?? devices[0]
            switch Int.random(in: 0..<14, using: &random) {
            case 0...2:
                published += 1
                let id = "pub_\(published)"
                let expires = Int.random(in: 0..<4, using: &random) == 0 ? clock.now + Double.random(in: 5...60, using: &random) : nil
                gateway.addMessage(id, expiresAt: expires)
                for target in devices {
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0, 1: try target.push(id)
                    case 2: late.append((target, id))
                    default: break  // lost, or coalesced by APNs
                    }
                }
                trace.append("publish \(id)")
            case 3:
                published += 1
                gateway.addMessage("msg_\(published)")
                trace.append("server message msg_\(published)")
            case 4:
                guard let id = gateway.visible.keys.sorted().randomElement(using: &random) else { continue }
                gateway.deleteMessage(id)
                trace.append("server delete \(id)")
            case 5...6:
                guard let item = try device.inbox.items().filter({ !$0.isRead }).randomElement(using: &random) else { continue }
                device.reads.insert(item.id)
                try? await device.client.markInboxRead([item.id], in: device.inbox)
                trace.append("\(device.name) reads \(item.id)")
            case 7:
                guard let item = try device.inbox.items().randomElement(using: &random) else { continue }
                try? await device.client.deleteFromInbox([item.id], in: device.inbox)
                trace.append("\(device.name) deletes \(item.id)")
            case 8:
                device.connection.isOffline.toggle()
                trace.append("\(device.name) \(device.connection.isOffline ? "offline" : "online")")
            case 9:
                try device.reinstall()
                trace.append("\(device.name) reinstalled")
            case 10:
                try? await device.client.syncInbox(device.inbox)
                trace.append("\(device.name) syncs")
            case 11:
                for target in devices {
                    guard let payload = gateway.takeSyncPush(for: target.client.deviceID ?? ""), GatewayClient.isInboxSyncPush(payload)
                    else { continue }
                    try? await target.client.syncInbox(target.inbox)
                    trace.append("\(target.name) background push")
                }
            case 12 where !late.isEmpty:
                let push = late.removeFirst()
                try push.device.push(push.id)
                trace.append("\(push.device.name) late push \(push.id)")
            default:
                clock.advance(by: Double.random(in: 1...20, using: &random))
                trace.append("time \(clock.now)")
            }
        }
        for device in devices { device.connection.isOffline = false }
        for device in devices + devices { try await device.client.syncInbox(device.inbox) }
        let context = Comment(rawValue: "seed \(seed): \(trace.joined(separator: "; "))")
        for device in devices {
            #expect(try device.listed() == gateway.visible, "\(device.name), \(context)")
            #expect(try device.inbox.unreadCount() == gateway.unread, "\(device.name), \(context)")
            #expect(try device.inbox.badge() == gateway.unread, "\(device.name), \(context)")
            #expect(try device.inbox.pendingChanges() == ([], []), "\(device.name), \(context)")
            for id in device.reads {
                #expect(gateway.isRead(id) != false, "\(device.name)'s read of \(id) was lost, \(context)")
            }
            // The notification list keeps exactly the pushes of messages still unread.
            let removed = try DeliveredNotificationCleanup.identifiers(toRemove: device.delivered, inbox: device.inbox)
            let expected = device.delivered.filter { gateway.isRead(String($0.identifier.dropFirst(2))) != false }.map(\.identifier)
            #expect(removed == expected, "\(device.name)'s notification list, \(context)")
        }
    }
}
