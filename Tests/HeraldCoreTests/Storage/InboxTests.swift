import Foundation
import Testing

@testable import HeraldCore

@Suite("Inbox and badge")
struct InboxTests {
    func note(_ id: String, thread: String? = nil, badge: Int? = nil) -> PushNotification {
        PushNotification(provider: .apns, id: id, aps: APS(badge: badge, threadID: thread), content: AlertContent(title: "T \(id)"))
    }

    @Test("read, unread by thread, delete, newest first")
    func basics() throws {
        let dir = try TemporaryDirectory()
        let inbox = try Inbox(directory: dir.url, now: { 1 })
        try inbox.add(note("a", thread: "chat"))
        try inbox.add(note("b", thread: "chat"))
        try inbox.add(note("c"))
        #expect(try inbox.add(note("a")) == false)
        #expect(try inbox.unreadCount() == 3)
        #expect(try inbox.unreadCount(thread: "chat") == 2)
        try inbox.markRead("a")
        try inbox.delete("c")
        #expect(try inbox.items().map(\.id) == ["b", "a"])
        #expect(try inbox.items().map(\.isRead) == [false, true])
        #expect(try inbox.unreadCount(thread: "chat") == 1)
    }

    @Test("the badge is the unread count since the last clear, unless the server sent one")
    func badge() throws {
        let dir = try TemporaryDirectory()
        let inbox = try Inbox(directory: dir.url, now: { 1 })
        try inbox.add(note("a"))
        try inbox.add(note("b"))
        #expect(try inbox.badge() == 2)
        try inbox.clearBadge()
        #expect(try inbox.badge() == 0)
        #expect(try inbox.unreadCount() == 2, "clearing the badge does not read anything")
        try inbox.add(note("c"))
        #expect(try inbox.badge() == 1)
        try inbox.add(note("d", badge: 9))
        #expect(try inbox.badge() == 9)
        try inbox.clearBadge()
        #expect(try inbox.badge() == 0)
    }

    @Test("the app and its extension, sharing the folder, never disagree")
    func sharedBadge() throws {
        let dir = try TemporaryDirectory()
        let app = try Inbox(directory: dir.url, now: { 1 })
        let ext = try Inbox(directory: dir.url, now: { 1 })
        try ext.add(note("a"))
        try app.add(note("b"))
        try ext.add(note("c"))
        try app.markRead("a")
        #expect(try app.badge() == 2)
        #expect(try ext.badge() == 2)
        try app.clearBadge()
        #expect(try ext.badge() == 0)
    }

    @Test("past the capacity the oldest go, counted and logged; state survives compaction")
    func capacity() throws {
        let dir = try TemporaryDirectory()
        let logger = CollectingLogger()
        let inbox = try Inbox(directory: dir.url, capacity: 8, now: { 1 }, logger: logger)
        for index in 0..<20 { try inbox.add(note("n\(index)")) }
        try inbox.markRead("n19")
        try inbox.compact()
        let items = try inbox.items()
        #expect(items.count == 8)
        #expect(items.first?.id == "n19")
        #expect(items.first?.isRead == true)
        #expect(try inbox.trimmedCount() == 12)
        #expect(try Inbox(directory: dir.url, capacity: 8).badge() == 7)
        #expect(logger.lines.contains { $0.contains("oldest items dropped") })
    }
}
