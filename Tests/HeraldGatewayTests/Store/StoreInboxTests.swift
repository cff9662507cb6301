import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store: the inbox")
struct StoreInboxTests {
    /// A publish to `target` that keeps a message in the inboxes it reaches (at most `limit` each).
    static func publishWithInbox(_ fixture: StoreFixture, _ target: PublishTarget, limit: Int = 1000, now: Double = 1_000) throws -> String
    {
        try fixture.store.createPublish(
            NewPublish(
                appID: fixture.appID, target: target, payload: ["aps": ["alert": "hi"]], options: PublishOptions(), createdAt: now,
                inbox: PublishInbox(title: "Title", body: "Longer body", link: nil, data: ["k": 1], expiresAt: nil, limit: limit))
        ).id
    }

    static func message(_ id: String, now: Double = 1_000, expiresAt: Double? = nil) -> InboxMessageRecord {
        InboxMessageRecord(id: id, title: "T \(id)", body: "B", createdAt: now, expiresAt: expiresAt)
    }

    @Test("a publish keeps one message per user and per device without a user, once, even fanned out again", arguments: StoreKind.tested)
    func publishKeepsOnePerOwner(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let maya = try fixture.register(2, user: "maya")
        let unbound = try fixture.register(1, from: 2)[0]
        let plain = try fixture.publish(.interests(["news"]))
        let id = try Self.publishWithInbox(fixture, .interests(["news"]))
        try fixture.fanOutAll(batch: 1)
        let store = fixture.store
        #expect(try store.inboxOwner(appID: fixture.appID, deviceID: maya[1]) == .user("maya"))
        #expect(try store.inboxOwner(appID: fixture.appID, deviceID: unbound) == .device(unbound))
        #expect(try store.inboxOwner(appID: fixture.appID, deviceID: "dev_none") == nil)
        let page = try store.inbox(appID: fixture.appID, owner: .user("maya"), after: 0, limit: 10, now: 1_000)
        #expect(page.entries.map(\.message.id) == [id], "the plain publish keeps none")
        #expect(page.entries.first?.message == InboxMessageRecord(id: id, title: "Title", body: "Longer body", data: ["k": 1], createdAt: 1_000))
        #expect(page.unread == 1 && !page.more && page.last == page.entries[0].seq)
        #expect(try store.inbox(appID: fixture.appID, owner: .device(unbound), after: 0, limit: 10, now: 1_000).entries.count == 1)
        #expect(try fixture.scalar("SELECT count(*) FROM inbox_entries") == 2)
        #expect(try fixture.scalar("SELECT count(*) FROM inbox_messages WHERE id = ?", [.text(plain)]) == 0)
        // A crash after the page, before its cursor was saved: the page again adds nothing.
        try fixture.execute(
            "UPDATE publishes SET fanout_key = 0, fanout_seq = 0, fanout_done = ?, status = 'queued' WHERE id = ?",
            [.bool(false), .text(id)])
        try fixture.fanOutAll()
        #expect(try fixture.scalar("SELECT count(*) FROM inbox_entries") == 2)
    }

    @Test("a device that registers for the user later reads the messages sent before", arguments: StoreKind.tested)
    func laterDeviceSeesEarlierMessages(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        _ = try fixture.register(1, user: "maya")
        let id = try Self.publishWithInbox(fixture, .users(["maya"]))
        try fixture.fanOutAll()
        let later = try fixture.register(1, from: 5, user: "maya", now: 2_000)[0]
        let owner = try #require(try fixture.store.inboxOwner(appID: fixture.appID, deviceID: later))
        #expect(
            try fixture.store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 10, now: 2_000).entries.map(\.message.id) == [id])
    }

    @Test("a devices target keeps the message for each device's owner", arguments: StoreKind.tested)
    func devicesTarget(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let maya = try fixture.register(1, user: "maya")[0]
        let unbound = try fixture.register(1, from: 1)[0]
        let id = try Self.publishWithInbox(fixture, .devices([maya, unbound]))
        try fixture.fanOutAll()
        for owner in [InboxOwner.user("maya"), .device(unbound)] {
            #expect(
                try fixture.store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 10, now: 1_000).entries.map(\.message.id) == [
                    id
                ])
        }
    }

    @Test("read and delete renew the sequence; the cursor brings the changes; unknown ids are reported", arguments: StoreKind.tested)
    func readDeleteAndCursor(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let owner = InboxOwner.user("maya")
        for id in ["msg_a", "msg_b", "msg_c"] { try store.addInboxMessage(appID: fixture.appID, owner: owner, Self.message(id), limit: 10) }
        let first = try store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 2, now: 1_000)
        #expect(first.entries.map(\.message.id) == ["msg_a", "msg_b"] && first.more && first.unread == 3)
        let rest = try store.inbox(appID: fixture.appID, owner: owner, after: first.last, limit: 2, now: 1_000)
        #expect(rest.entries.map(\.message.id) == ["msg_c"] && !rest.more)

        let read = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_a", "msg_x", "msg_a"], .read, now: 1_100)
        #expect(read == InboxChange(changed: 1, unknown: ["msg_x"], unread: 2), "read twice changes nothing")
        let deleted = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_b"], .delete, now: 1_100)
        #expect(deleted == InboxChange(changed: 1, unknown: [], unread: 1))
        let changes = try store.inbox(appID: fixture.appID, owner: owner, after: rest.last, limit: 10, now: 1_100)
        #expect(changes.entries.map(\.message.id) == ["msg_a", "msg_b"])
        #expect(changes.entries.map(\.read) == [true, false] && changes.entries.map(\.deleted) == [false, true])
        #expect(
            try store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 10, now: 1_100).entries.map(\.message.id) == [
                "msg_c", "msg_a",
            ],
            "from the start, deleted messages are left out")
        #expect(try store.inbox(appID: fixture.appID, owner: .user("sam"), after: 0, limit: 10, now: 1_100).entries.isEmpty)
    }

    @Test("a change schedules one background sync publish per inbox, carrying the unread count now", arguments: StoreKind.tested)
    func syncPublish(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let owner = InboxOwner.user("maya")
        for id in ["msg_a", "msg_b"] { try store.addInboxMessage(appID: fixture.appID, owner: owner, Self.message(id), limit: 10) }
        #expect(try fixture.scalar("SELECT count(*) FROM publishes") == 0, "adding a message pushes nothing")
        _ = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_a"], .read, now: 1_100)
        _ = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_b"], .read, now: 1_100.5)
        _ = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_b"], .read, now: 1_100.6)
        let publishes = try store.publishes(appID: fixture.appID, limit: 10)
        #expect(publishes.count == 1)
        let sync = try #require(publishes.first)
        #expect(sync.status == .scheduled && sync.options.sendAt == 1_100 + InboxSync.delay)
        #expect(sync.options.pushType == "background" && sync.options.priority == 5 && sync.target == .users(["maya"]))
        #expect(
            try JSONParser().parse(sync.payload)
                == ["aps": ["content-available": 1], "herald": ["publishId": .string(sync.id), "inbox": ["unread": 0]]])
        // Once it went out, the next change schedules another.
        #expect(try store.promoteDuePublishes(now: 1_102) == 1)
        _ = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_a"], .delete, now: 1_103)
        #expect(try store.publishes(appID: fixture.appID, limit: 10).map(\.status) == [.scheduled, .queued])
        // A device without a user: the push goes to that device.
        let unbound = try fixture.register(1, from: 4)[0]
        try store.addInboxMessage(appID: fixture.appID, owner: .device(unbound), Self.message("msg_d"), limit: 10)
        _ = try store.changeInbox(appID: fixture.appID, owner: .device(unbound), ids: ["msg_d"], .read, now: 1_104)
        #expect(try store.publishes(appID: fixture.appID, limit: 1).first?.target == .devices([unbound]))
    }

    @Test(
        "the sync publish skips the device that made the change: the user's other devices, none for a lone device or one without a user; a second device in the burst widens it to all",
        arguments: StoreKind.tested)
    func syncSkipsOrigin(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let maya = try fixture.register(3, user: "maya")
        let owner = InboxOwner.user("maya")
        for id in ["msg_a", "msg_b"] { try store.addInboxMessage(appID: fixture.appID, owner: owner, Self.message(id), limit: 10) }
        func target() throws -> PublishTarget? { try store.publishes(appID: fixture.appID, limit: 10).first?.target }
        _ = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_a"], .read, by: maya[0], now: 1_100)
        #expect(try target() == .devices([maya[1], maya[2]]))
        _ = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_b"], .read, by: maya[0], now: 1_100.2)
        #expect(try target() == .devices([maya[1], maya[2]]), "the same device again in the burst")
        _ = try store.changeInbox(appID: fixture.appID, owner: owner, ids: ["msg_a"], .delete, by: maya[1], now: 1_100.4)
        #expect(try target() == .users(["maya"]), "two devices changed it: each must hear of the other's change")
        #expect(try store.publishes(appID: fixture.appID, limit: 10).count == 1)
        // A user's only device, and a device without a user: nobody else to tell.
        let sam = try fixture.register(1, from: 10, user: "sam")[0]
        try store.addInboxMessage(appID: fixture.appID, owner: .user("sam"), Self.message("msg_s"), limit: 10)
        _ = try store.changeInbox(appID: fixture.appID, owner: .user("sam"), ids: ["msg_s"], .read, by: sam, now: 1_101)
        let unbound = try fixture.register(1, from: 11)[0]
        try store.addInboxMessage(appID: fixture.appID, owner: .device(unbound), Self.message("msg_u"), limit: 10)
        _ = try store.changeInbox(appID: fixture.appID, owner: .device(unbound), ids: ["msg_u"], .read, by: unbound, now: 1_101)
        #expect(try store.publishes(appID: fixture.appID, limit: 10).count == 1, "no sync publish for either")
    }

    @Test("a full inbox refuses a new message and is skipped by a publish, whose pushes still go", arguments: StoreKind.tested)
    func quota(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        _ = try fixture.register(1, user: "maya")
        _ = try fixture.register(1, from: 1, user: "sam")
        for id in ["msg_a", "msg_b"] {
            try store.addInboxMessage(appID: fixture.appID, owner: .user("maya"), Self.message(id), limit: 2)
        }
        #expect(throws: StoreError.self) {
            try store.addInboxMessage(appID: fixture.appID, owner: .user("maya"), Self.message("msg_c"), limit: 2)
        }
        #expect(try fixture.scalar("SELECT count(*) FROM inbox_messages WHERE id = 'msg_c'") == 0, "nothing stored")
        let id = try Self.publishWithInbox(fixture, .users(["maya", "sam"]), limit: 2)
        try fixture.fanOutAll()
        #expect(try fixture.deliverAll().count == 2, "both pushes go")
        #expect(try fixture.scalar("SELECT count(*) FROM inbox_entries WHERE message_id = ?", [.text(id)]) == 1, "sam's only")
        // A deleted message frees its place.
        _ = try store.changeInbox(appID: fixture.appID, owner: .user("maya"), ids: ["msg_a"], .delete, now: 1_100)
        try store.addInboxMessage(appID: fixture.appID, owner: .user("maya"), Self.message("msg_c"), limit: 2)
    }

    @Test("retention removes expired messages and those past the retention, with their entries", arguments: StoreKind.tested)
    func retention(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        let owner = InboxOwner.user("maya")
        try store.addInboxMessage(appID: fixture.appID, owner: owner, Self.message("msg_old", now: 100), limit: 10)
        try store.addInboxMessage(appID: fixture.appID, owner: owner, Self.message("msg_expiring", expiresAt: 1_500), limit: 10)
        try store.addInboxMessage(appID: fixture.appID, owner: owner, Self.message("msg_kept"), limit: 10)
        #expect(
            try store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 10, now: 1_600).entries.map(\.message.id) == [
                "msg_old", "msg_kept",
            ],
            "an expired message is not sent")
        #expect(try store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 10, now: 1_600).unread == 2)
        #expect(try store.pruneInbox(now: 1_400, before: nil, limit: 10) == 0)
        #expect(try store.pruneInbox(now: 1_600, before: 500, limit: 10) == 2)
        #expect(
            try store.inbox(appID: fixture.appID, owner: owner, after: 0, limit: 10, now: 1_600).entries.map(\.message.id) == ["msg_kept"])
        #expect(try fixture.scalar("SELECT count(*) FROM inbox_entries") == 1)
    }

    @Test("the user's export lists the inbox; deleting the user removes it and the server's messages", arguments: StoreKind.tested)
    func userData(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store
        _ = try fixture.register(1, user: "sam")
        try store.addInboxMessage(appID: fixture.appID, owner: .user("maya"), Self.message("msg_a"), limit: 10)
        let id = try Self.publishWithInbox(fixture, .users(["maya", "sam"]))
        try fixture.fanOutAll()
        #expect(
            try store.userData(appID: fixture.appID, userID: "maya").inbox.map(\.message.id) == ["msg_a"],
            "maya has no device: the publish reached none")
        _ = try fixture.register(1, from: 3, user: "maya")
        let id2 = try Self.publishWithInbox(fixture, .users(["maya"]))
        try fixture.fanOutAll()
        #expect(try store.userData(appID: fixture.appID, userID: "maya").inbox.map(\.message.id) == ["msg_a", id2])
        let deleted = try store.deleteUser(appID: fixture.appID, userID: "maya", now: 2_000)
        #expect(deleted[.inbox] == 2 && deleted[.inboxMessages] == 1)
        #expect(try store.userData(appID: fixture.appID, userID: "maya").inbox.isEmpty)
        #expect(try store.userData(appID: fixture.appID, userID: "sam").inbox.map(\.message.id) == [id], "sam's stays")
        #expect(try fixture.scalar("SELECT count(*) FROM inbox_messages") == 2, "the publishes' messages stay")
        // A user with an inbox and no device.
        try store.addInboxMessage(appID: fixture.appID, owner: .user("lea"), Self.message("msg_l"), limit: 10)
        #expect(try store.deleteUser(appID: fixture.appID, userID: "lea", now: 2_000)[.inbox] == 1)
    }
}
