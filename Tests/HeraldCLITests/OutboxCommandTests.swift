import Foundation
import HeraldCore
import Testing

@testable import HeraldCLI

@Suite("herald outbox show")
struct OutboxCommandTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-outbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func receipt(_ id: String, _ kind: Receipt.Kind) -> Receipt {
        Receipt(id: "r-\(id)-\(kind.rawValue)", kind: kind, notificationID: id, provider: .herald, at: 1000, state: .active)
    }

    @Test("shows receipts, which were sent, the inbox, and a torn tail")
    func show() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outbox = try ReceiptOutbox(directory: dir, now: { 1000 })
        try outbox.record([receipt("a", .delivered), receipt("a", .opened), receipt("b", .delivered)])
        try outbox.acknowledge(["r-a-delivered"])
        let inbox = try Inbox(directory: dir, now: { 1000 })
        try inbox.add(PushNotification(provider: .herald, id: "a", content: AlertContent(title: "Hello")))
        try inbox.add(PushNotification(provider: .herald, id: "b"))
        try inbox.markRead("a")
        let handle = try FileHandle(forWritingTo: dir.appendingPathComponent("receipts.log"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("0123abcd {\"type\":".utf8))
        try handle.close()

        let text = await CLIRun(["outbox", "show", dir.path])
        #expect(text.status == 0)
        #expect(text.outLines.first == "receipts: 3, pending 2")
        #expect(text.out.contains("sent     delivered"))
        #expect(text.out.contains("torn tail: 17 bytes at offset"))
        #expect(text.out.contains("inbox: 2 items, 1 unread, badge 1"))

        let json = try JSONParser().parse(await CLIRun(["outbox", "show", dir.path, "--json"]).out.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(json["pending"] == 2)
        #expect(json["receipts"]?.arrayValue?.map { $0["sent"] ?? .null } == [true, false, false])
        #expect(json["tornTail"]?["bytes"] == 17)
        #expect(json["inbox"]?["unread"] == 1)
        #expect(json["inbox"]?["items"]?[0]?["id"] == "b")
    }

    @Test("a folder that does not exist, or a wrong subcommand, is exit 2 with a clear message")
    func errors() async {
        let missing = await CLIRun(["outbox", "show", "/nonexistent/herald-outbox"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("no such folder"))
        let wrong = await CLIRun(["outbox", "list", "."])
        #expect(wrong.status == 2)
        #expect(wrong.err.contains("expected 'herald outbox show DIR'"))
    }

    @Test("an empty folder shows empty")
    func empty() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = await CLIRun(["outbox", "show", dir.path])
        #expect(run.outLines == ["receipts: no receipts.log in this folder", "inbox: empty"])
    }
}
