import Foundation
import Testing

@testable import HeraldCore

@Suite("Inbox: the gateway's state")
struct InboxServerStateTests {
    func push(_ id: String, badge: Int? = nil) -> PushNotification {
        PushNotification.inboxPush(id, title: "push \(id)", badge: badge)
    }

    func message(_ id: String, at: Double = 5, read: Bool = false, deleted: Bool = false, expires: Double? = nil) -> InboxMessage {
        InboxMessage(id: id, title: deleted ? nil : "synced \(id)", createdAt: at, expiresAt: expires, read: read, deleted: deleted)
    }

    @Test("a push and the synced message are one item; the gateway's content and read state win")
    func oneItem() throws {
        let dir = try TemporaryDirectory()
        let inbox = try Inbox(directory: dir.url, now: { 10 })
        try inbox.add(push("pub_1"))
        try inbox.apply([message("pub_1", read: true), message("msg_2", at: 3)], cursor: "c1")
        #expect(try inbox.items().map(\.id) == ["pub_1", "msg_2"])
        #expect(try inbox.items().map(\.title) == ["synced pub_1", "synced msg_2"])
        #expect(try inbox.items().map(\.isRead) == [true, false])
        #expect(try inbox.add(push("msg_2")) == false, "a push after the sync is the same item")
        #expect(try inbox.cursor() == "c1")
    }

    @Test("a local read waits as pending: the gateway's older unread state does not undo it; after the acknowledgement it wins again")
    func pendingRead() throws {
        let dir = try TemporaryDirectory()
        let inbox = try Inbox(directory: dir.url, now: { 10 })
        try inbox.apply([message("a"), message("b")], cursor: "c1")
        try inbox.markRead(["a", "b", "unknown"])
        #expect(try inbox.pendingChanges().read == ["a", "b"])
        try inbox.apply([message("a", read: false)], cursor: "c2")
        #expect(try inbox.unreadCount() == 0)
        try inbox.acknowledge(read: ["a", "b"], delete: [])
        #expect(try inbox.pendingChanges().read.isEmpty)
        try inbox.apply([message("a", read: false)], cursor: "c3")
        #expect(try inbox.unreadCount() == 1, "acknowledged: the gateway's state wins")
    }

    @Test("deleted stays deleted: here, at the gateway, and against a late push")
    func deletedStaysDeleted() throws {
        let dir = try TemporaryDirectory()
        let inbox = try Inbox(directory: dir.url, now: { 10 })
        try inbox.apply([message("a"), message("b"), message("c")], cursor: "c1")
        try inbox.delete(["a"])
        try inbox.apply([message("a"), message("b", deleted: true)], cursor: "c2")
        #expect(try inbox.items().map(\.id) == ["c"])
        #expect(try inbox.pendingChanges().delete == ["a"])
        #expect(try inbox.add(push("a")) == false)
        #expect(try inbox.add(push("b")) == false)
        #expect(try inbox.isDeleted("b"))
    }

    @Test("with the gateway's inbox the badge is the unread count (not the push's badge, not cleared); expired messages do not count")
    func badge() throws {
        let dir = try TemporaryDirectory()
        let inbox = try Inbox(directory: dir.url, now: { 100 })
        try inbox.add(push("pub_1", badge: 7))
        #expect(try inbox.badge() == 7, "before any sync the push's badge still rules")
        try inbox.apply([message("pub_1"), message("old", expires: 50), message("later", expires: 500)], cursor: "c1")
        #expect(try inbox.badge() == 2)
        try inbox.clearBadge()
        #expect(try inbox.badge() == 2)
        #expect(try inbox.items().count == 3, "an expired message is listed, not counted")
    }

    @Test("a push that arrives after a sync waits to be confirmed by the next one")
    func unconfirmed() throws {
        let dir = try TemporaryDirectory()
        let inbox = try Inbox(directory: dir.url, now: { 10 })
        try inbox.add(push("early"))
        #expect(try inbox.idsToConfirm(fromStart: true) == ["early"])
        try inbox.apply([message("early")], cursor: "c1")
        try inbox.add(push("late"))
        #expect(try inbox.idsToConfirm(fromStart: false) == ["late"])
        #expect(try inbox.idsToConfirm(fromStart: true) == ["early", "late"])
        try inbox.apply([message("late")], cursor: "c2")
        #expect(try inbox.idsToConfirm(fromStart: false).isEmpty)
    }

    @Test("compaction keeps the cursor, the deleted ids, the pending changes and the pushes to confirm")
    func compaction() throws {
        let dir = try TemporaryDirectory()
        let inbox = try Inbox(directory: dir.url, capacity: 4, now: { 10 })
        try inbox.apply((0..<4).map { message("m\($0)", at: Double($0)) }, cursor: "c1")
        try inbox.markRead("m3")
        try inbox.delete("m2")
        try inbox.add(push("p"))
        try inbox.compact()
        let reopened = try Inbox(directory: dir.url, capacity: 4, now: { 10 })
        #expect(try reopened.cursor() == "c1")
        #expect(try reopened.pendingChanges() == (["m3"], ["m2"]))
        #expect(try reopened.isDeleted("m2"))
        #expect(try reopened.idsToConfirm(fromStart: false) == ["p"])
        #expect(try reopened.items().map(\.id) == ["p", "m3", "m1", "m0"])
        #expect(try reopened.badge() == 3)
    }
}
