import Foundation
import HeraldCore

/// `herald bench-outbox`: durable receipt appends per second against the naive way apps
/// keep them (rewrite the whole file per event), and the sender's batching.
enum BenchOutboxCommand: MainActorCommand {
    static let name = "bench-outbox"
    static let summary = "Measure durable outbox appends and sender batching (for make bench)"
    static let help = """
        Usage: herald bench-outbox DIR [--events N]

        In the empty folder DIR, records N receipts (default 2000) one at a time:
          herald         ReceiptOutbox.record: one appended line, fsync, per event
          naive          the whole list as JSON, Data.write(options: .atomic), per event
          naive+fsync    the same, made durable with fsync (what durability costs that way)
        then drains N pending receipts through the sender with an instant transport, in
        batches of 1 and of 100. Prints one JSON line of rates and request counts.

        Options:
        \(OptionHelp.lines(spec.allOptions))
        """
    static let events = Option.integer("events", "N", in: 1...Int.max, default: 2000, "how many events")
    static let spec = Arguments.Spec([events.descriptor])

    private struct NaiveReceipt: Codable {
        var id: String, kind: String, notification: String, at: Double
    }

    /// The receipts sender belongs to the main actor.
    @MainActor
    static func runOnMain(_ arguments: Arguments, terminal: Terminal) -> Int32 {
        guard arguments.positionals.count == 1 else {
            return usage("give one empty folder", terminal)
        }
        let events = arguments[Self.events]
        let root = URL(fileURLWithPath: arguments.positionals[0])
        do {
            var result: [String: JSONValue] = ["events": .int(events)]
            result["herald"] = try measure(events) { folder in
                let outbox = try ReceiptOutbox(directory: folder)
                return { index in try outbox.record([receipt(index)]) }
            }(root.appendingPathComponent("herald"))
            for (name, durable) in [("naive", false), ("naiveFsync", true)] {
                result[name] = try measure(events) { folder in
                    var list: [NaiveReceipt] = []
                    let file = folder.appendingPathComponent("receipts.json")
                    return { index in
                        list.append(NaiveReceipt(id: UUID().uuidString, kind: "delivered", notification: "n\(index)", at: 0))
                        try JSONEncoder().encode(list).write(to: file, options: .atomic)
                        if durable {
                            let handle = try FileHandle(forUpdating: file)
                            try handle.synchronize()
                            try handle.close()
                        }
                    }
                }(root.appendingPathComponent(name))
            }
            for batch in [1, 100] {
                result["sender\(batch)"] = try drain(events, batch: batch, folder: root.appendingPathComponent("sender\(batch)"))
            }
            terminal.print(JSONWriter.serialize(.object(result)))
            return 0
        } catch {
            return fail("\(error)", terminal)
        }
    }

    private static func receipt(_ index: Int) -> Receipt {
        Receipt(id: UUID().uuidString, kind: .delivered, notificationID: "n\(index)", provider: .herald, at: Date().timeIntervalSince1970, state: .background)
    }

    /// Times `events` calls of the appender `make` builds in a fresh folder.
    private static func measure(_ events: Int, _ make: @escaping (URL) throws -> (Int) throws -> Void) -> (URL) throws -> JSONValue {
        { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let append = try make(folder)
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<events { try append(index) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return ["seconds": .double(seconds), "perSecond": .double((Double(events) / seconds).rounded())]
        }
    }

    @MainActor
    private final class InstantTransport: ReceiptTransport {
        var requests = 0
        func send(_ receipts: [Receipt], completion: @escaping @MainActor (ReceiptDelivery) -> Void) {
            requests += 1
            completion(.accepted)
        }
    }

    @MainActor
    private static func drain(_ events: Int, batch: Int, folder: URL) throws -> JSONValue {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outbox = try ReceiptOutbox(directory: folder)
        try outbox.record((0..<events).map(receipt))
        let transport = InstantTransport()
        let sender = ReceiptSender(outbox: outbox, transport: transport, clock: VirtualClock(), batchSize: batch)
        let start = DispatchTime.now().uptimeNanoseconds
        sender.flush()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let left = try outbox.pending().count
        return [
            "requests": .int(transport.requests), "seconds": .double(seconds), "left": .int(left),
            "perSecond": .double((Double(events) / seconds).rounded()),
        ]
    }
}
