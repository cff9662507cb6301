import Foundation
import HeraldCore

/// What `herald outbox show` prints, read without taking write locks or repairing.
struct OutboxReport {
    var outbox: OutboxSnapshot?
    var inboxItems: [InboxItem] = []
    var unread = 0
    var badge = 0
    var inboxTornTail: TornTail?

    init(directory: URL) throws {
        let files = Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        if files.contains("receipts.log") {
            outbox = try ReceiptOutbox(directory: directory).snapshot()
        }
        if files.contains("inbox.log") {
            let inbox = try Inbox(directory: directory)
            inboxItems = try inbox.items()
            unread = try inbox.unreadCount()
            badge = try inbox.badge()
            inboxTornTail = inbox.log.lastTornTail
        }
    }

    var json: JSONValue {
        func tail(_ tail: TornTail?) -> JSONValue {
            tail.map { ["offset": .int($0.offset), "bytes": .int($0.bytes)] } ?? .null
        }
        let receipts: [JSONValue] = (outbox?.receipts ?? []).map { receipt in
            var object: [String: JSONValue] = [
                "id": .string(receipt.id), "kind": .string(receipt.kind.rawValue), "notification": .string(receipt.notificationID),
                "provider": .string(receipt.provider.rawValue), "at": .double(receipt.at), "state": .string(receipt.state.rawValue),
                "origin": .string(receipt.origin.rawValue), "sent": .bool(outbox?.acknowledged.contains(receipt.id) ?? false),
            ]
            if let action = receipt.actionID { object["action"] = .string(action) }
            if let text = receipt.text { object["text"] = .string(text) }
            return .object(object)
        }
        let items: [JSONValue] = inboxItems.map { item in
            ["id": .string(item.id), "title": item.title.map(JSONValue.string) ?? .null, "read": .bool(item.isRead),
             "thread": item.threadID.map(JSONValue.string) ?? .null, "at": .double(item.receivedAt)]
        }
        return [
            "receipts": .array(receipts), "pending": .int(outbox?.pending.count ?? 0),
            "trims": .array((outbox?.trims ?? []).map { ["count": .int($0.count), "reason": .string($0.reason.rawValue), "at": .double($0.at)] }),
            "tornTail": tail(outbox?.tornTail), "corruptOffsets": .array((outbox?.corruptOffsets ?? []).map(JSONValue.int)),
            "inbox": ["items": .array(items), "unread": .int(unread), "badge": .int(badge), "tornTail": tail(inboxTornTail)],
        ]
    }

    var text: String {
        var lines: [String] = []
        if let outbox {
            lines.append("receipts: \(outbox.receipts.count), pending \(outbox.pending.count)")
            for receipt in outbox.receipts {
                let sent = outbox.acknowledged.contains(receipt.id) ? "sent   " : "pending"
                let action = receipt.actionID.map { " action=\($0)" } ?? ""
                lines.append("  \(sent)  \(receipt.kind.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)) \(receipt.notificationID)  \(receipt.origin.rawValue)\(action)")
            }
            for trim in outbox.trims { lines.append("  trimmed: \(trim)") }
            if let tail = outbox.tornTail { lines.append("  torn tail: \(tail)") }
            for offset in outbox.corruptOffsets { lines.append("  corrupt line at offset \(offset), skipped") }
        } else {
            lines.append("receipts: no receipts.log in this folder")
        }
        if inboxItems.isEmpty && inboxTornTail == nil {
            lines.append("inbox: empty")
        } else {
            lines.append("inbox: \(inboxItems.count) items, \(unread) unread, badge \(badge)")
            for item in inboxItems { lines.append("  \(item.isRead ? "read  " : "unread")  \(item.id)  \(item.title ?? "")") }
            if let tail = inboxTornTail { lines.append("  torn tail: \(tail)") }
        }
        return lines.joined(separator: "\n")
    }
}
