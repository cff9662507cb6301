import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldStore

/// The device's inbox (`GatewayClient`, `Inbox`) against the real gateway and store:
/// two devices of one user converge to the same inbox and unread count after any
/// interleaving of publishes (with and without `inbox`, their pushes reaching one device,
/// both, neither, or late), server messages and take-backs, reads and deletes on either
/// device, offline periods, reinstalls, syncs and background sync pushes.
@Suite("Inbox convergence against the gateway (random sequences, two devices)")
@MainActor
struct InboxGatewayConvergenceTests {
    @Test("after a final sync both devices hold the model's inbox and unread count", arguments: StoreKind.tested, 0..<30)
    func randomRun(kind: StoreKind, seed: Int) async throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
        let run = try await InboxConvergenceRun(kind)
        defer { run.cleanup() }
        for _ in 0..<80 {
            let device = run.devices.randomElement(using: &random) ?? run.devices[0]
            switch Int.random(in: 0..<15, using: &random) {
            case 0...2: try await run.publish(inbox: true, using: &random)
            case 3: try await run.publish(inbox: false, using: &random)
            case 4: try run.serverAdd()
            case 5:
                guard let id = run.visible.keys.sorted().randomElement(using: &random) else { continue }
                try run.serverDelete(id)
            case 6...7:
                guard let item = try device.inbox.items().filter({ !$0.isRead }).randomElement(using: &random) else { continue }
                run.apply(await device.change(.read(item.id)))
                run.note("\(device.name) reads \(item.id)\(device.isOffline ? " offline" : "")")
            case 8:
                guard let item = try device.inbox.items().randomElement(using: &random) else { continue }
                run.apply(await device.change(.delete(item.id)))
                run.note("\(device.name) deletes \(item.id)\(device.isOffline ? " offline" : "")")
            case 9:
                device.isOffline.toggle()
                run.note("\(device.name) \(device.isOffline ? "offline" : "online")")
            case 10:
                try await device.reinstall()
                run.note("\(device.name) reinstalled")
            case 11:
                run.apply(await device.sync().sent)
                run.note("\(device.name) syncs\(device.isOffline ? " offline" : "")")
            case 12:
                try await run.deliverLate()
            default:
                run.harness.clock.now += Double.random(in: 0.5...3, using: &random)
                run.note("time +")
                try await run.dispatch(using: &random)
            }
        }
        var unread: [String: Int?] = [:]
        for device in run.devices { device.isOffline = false }
        for device in run.devices + run.devices {
            let result = await device.sync()
            run.apply(result.sent)
            unread[device.name] = result.unread
        }
        let context = Comment(rawValue: "\(kind) seed \(seed): \(run.trace.joined(separator: "; "))")
        let server = run.harness.send("GET", run.inboxPath + "?limit=500", key: run.harness.serverKey).json
        #expect(server?["unread"]?.intValue == run.unread, context)
        for device in run.devices {
            #expect(try device.messages() == run.visible, "\(device.name), \(context)")
            #expect(try device.ownItems() == device.local, "\(device.name)'s own items, \(context)")
            #expect(unread[device.name] == run.unread, "\(device.name), \(context)")
            #expect(try device.inbox.items().filter { $0.inboxMessage && !$0.isRead }.count == run.unread, "\(device.name), \(context)")
            #expect(try device.inbox.badge() == device.inbox.unreadCount(), "\(device.name), \(context)")
            #expect(try device.inbox.pendingChanges() == ([], []), "\(device.name), \(context)")
            // The notification list keeps exactly the pushes of messages still unread.
            let removed = try DeliveredNotificationCleanup.identifiers(toRemove: device.delivered, inbox: device.inbox)
            let expected = device.delivered.filter { notification in
                let id = notification.payload["herald"]?["publishId"]?.stringValue ?? ""
                guard let flags = run.model[id] else { return device.local[id] != false }
                return flags.read || flags.deleted
            }.map(\.identifier)
            #expect(removed == expected, "\(device.name)'s notification list, \(context)")
        }
    }

    @Test(
        "a burst of reads and a delete make one background sync publish; it reaches the other device only, whose list and badge follow",
        arguments: StoreKind.tested)
    func oneSyncPushPerBurst(kind: StoreKind) async throws {
        let run = try await InboxConvergenceRun(kind)
        defer { run.cleanup() }
        let (phone, tablet) = (run.devices[0], run.devices[1])
        let answers = (1...3).map { n in
            run.harness.publish(["users": ["maya"], "notification": ["title": .string("N\(n)")], "inbox": true]).json?["publishId"]?
                .stringValue
        }
        let ids = answers.compactMap { $0 }
        try #require(ids.count == 3)
        for job in try run.due() {
            try run.devices.first { $0.token.hex == job.token }?.receive(JSONParser().parse(job.payload))
        }
        _ = await phone.sync()
        _ = await tablet.sync()
        #expect(try tablet.inbox.badge() == 3)
        #expect(try DeliveredNotificationCleanup.identifiers(toRemove: tablet.delivered, inbox: tablet.inbox).isEmpty)

        _ = await phone.change(.read(ids[0]))
        _ = await phone.change(.read(ids[1]))
        _ = await phone.change(.delete(ids[2]))
        #expect(try run.due().isEmpty, "the sync push waits for the burst to end")
        run.harness.clock.now += InboxSync.delay
        let jobs = try run.due()
        let payloads = try jobs.map { try JSONParser().parse($0.payload) }
        #expect(payloads.allSatisfy(GatewayClient.isInboxSyncPush), "\(payloads)")
        #expect(Set(jobs.map(\.publishID)).count == 1, "one publish for the burst")
        #expect(jobs.map(\.token) == [tablet.token.hex], "the other device only: the phone made the changes")
        #expect(payloads.first?["herald"]?["inbox"]?["unread"] == 0)

        let push = try #require(zip(jobs, payloads).first { $0.0.token == tablet.token.hex }?.1)
        let gatewayInbox = GatewayInbox(client: tablet.client, inbox: tablet.inbox)
        #expect(await gatewayInbox.didReceive(push) == .newData)
        #expect(try tablet.messages() == [ids[0]: true, ids[1]: true])
        #expect(try tablet.inbox.badge() == 0)
        #expect(gatewayInbox.identifiersToRemove(delivered: tablet.delivered) == tablet.delivered.map(\.identifier))
    }
}
