import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldCore

func receipt(_ notification: String, _ kind: Receipt.Kind = .delivered, at: Double = 1000, action: String? = nil, origin: Receipt.Origin = .app) -> Receipt {
    Receipt(id: UUID().uuidString, kind: kind, notificationID: notification, provider: .herald, at: at, state: .active, actionID: action, origin: origin)
}

@Suite("Receipt outbox")
struct ReceiptOutboxTests {
    @Test("the same fact counts once: same id twice, app and extension, push and echo")
    func dedupe() throws {
        let dir = try TemporaryDirectory()
        let app = try ReceiptOutbox(directory: dir.url)
        let ext = try ReceiptOutbox(directory: dir.url)
        #expect(try ext.record([receipt("n1", origin: .serviceExtension)]).count == 1)
        #expect(try app.record([receipt("n1")]).isEmpty, "the app's delivered after the extension's")
        #expect(try app.record([receipt("n1", .opened), receipt("n1", .opened)]).count == 1)
        #expect(try app.record([receipt("n1", .action, action: "like"), receipt("n1", .action, action: "save")]).count == 2)
        #expect(try app.pending().map(\.kind) == [.delivered, .opened, .action, .action])
    }

    @Test("acknowledged receipts leave the pending list, and compaction removes them but remembers their keys")
    func acknowledgeAndCompact() throws {
        let dir = try TemporaryDirectory()
        let outbox = try ReceiptOutbox(directory: dir.url, now: { 1000 })
        let added = try outbox.record([receipt("a"), receipt("b"), receipt("c")])
        try outbox.acknowledge([added[0].id, added[1].id])
        #expect(try outbox.pending().map(\.notificationID) == ["c"])
        try outbox.compact()
        let snapshot = try outbox.snapshot()
        #expect(snapshot.receipts.map(\.notificationID) == ["c"])
        #expect(try outbox.record([receipt("a")]).isEmpty, "a late duplicate of a sent receipt is still refused")
    }

    @Test("unsent receipts past the age limit are trimmed, and the trim is recorded and logged")
    func trimByAge() throws {
        let dir = try TemporaryDirectory()
        var limits = ReceiptOutbox.Limits()
        limits.maxAge = 100
        let logger = CollectingLogger()
        let outbox = try ReceiptOutbox(directory: dir.url, limits: limits, now: { 1000 }, logger: logger)
        try outbox.record([receipt("old", at: 800), receipt("new", at: 950)])
        let trims = try outbox.compact()
        #expect(trims.map(\.count) == [1])
        #expect(trims.first?.reason == .age)
        #expect(try outbox.pending().map(\.notificationID) == ["new"])
        #expect(try outbox.snapshot().trims.map(\.count) == [1])
        #expect(logger.lines.contains { $0.contains("1 unsent receipt dropped") })
    }

    @Test("past the size limit the oldest unsent receipts go first, reported; the file stays bounded")
    func trimBySize() throws {
        let dir = try TemporaryDirectory()
        var limits = ReceiptOutbox.Limits()
        limits.maxBytes = 8 * 1024
        let outbox = try ReceiptOutbox(directory: dir.url, limits: limits, now: { 1000 })
        for index in 0..<200 { try outbox.record([receipt("n\(index)")]) }
        let snapshot = try outbox.snapshot()
        let size = try FileManager.default.attributesOfItem(atPath: outbox.log.url.path)[.size] as? Int ?? 0
        #expect(size <= limits.maxBytes + 1024)
        #expect(snapshot.pending.last?.notificationID == "n199")
        #expect(snapshot.trims.reduce(0) { $0 + $1.count } + snapshot.pending.count == 200, "every receipt is kept or counted as trimmed")
    }

    @Test("a torn tail shows in the snapshot")
    func tornTail() throws {
        let dir = try TemporaryDirectory()
        let outbox = try ReceiptOutbox(directory: dir.url)
        try outbox.record([receipt("a")])
        try dir.append(Array("deadbeef {\"type\":\"rec".utf8), to: "receipts.log")
        let snapshot = try ReceiptOutbox(directory: dir.url).snapshot()
        #expect(snapshot.pending.map(\.notificationID) == ["a"])
        #expect(snapshot.tornTail?.bytes == 21)
    }

    @Test("random operations agree with a model", arguments: 0..<6)
    func model(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed + 100))
        let dir = try TemporaryDirectory()
        var outbox = try ReceiptOutbox(directory: dir.url, now: { 1000 })
        var keys: Set<String> = []
        var pending: [String: String] = [:]  // receipt id -> key
        for _ in 0..<150 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...4:
                let r = receipt("n\(Int.random(in: 0..<30, using: &rng))", [.delivered, .opened].randomElement(using: &rng)!)
                let added = try outbox.record([r])
                #expect(added.count == (keys.insert(r.dedupeKey).inserted ? 1 : 0))
                if !added.isEmpty { pending[r.id] = r.dedupeKey }
            case 5, 6:
                let ids = Array(pending.keys.shuffled(using: &rng).prefix(3))
                try outbox.acknowledge(ids)
                for id in ids { pending[id] = nil }
            case 7:
                try outbox.compact()
            case 8:
                outbox = try ReceiptOutbox(directory: dir.url, now: { 1000 })
            default:
                try dir.append(Array("0badc0de {\"type\"".utf8.prefix(Int.random(in: 1...16, using: &rng))), to: "receipts.log")
            }
            #expect(Set(try outbox.pending().map(\.id)) == Set(pending.keys))
        }
    }
}

/// A logger that keeps its lines, for assertions.
final class CollectingLogger: HeraldLogger, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var lines: [String] { lock.withLock { stored } }
    func log(_ level: LogLevel, _ message: String) { lock.withLock { stored.append("\(level.rawValue): \(message)") } }
}
