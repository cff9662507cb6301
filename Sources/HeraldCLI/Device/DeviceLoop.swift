import Foundation
import HeraldCore
import HeraldSimulator

/// What both simulated devices (`DeviceSession`, `AndroidDeviceSession`) do alike: talk to
/// the gateway through one `GatewayClient` and receipts outbox in the device's folder,
/// follow a simulator's record file until enough has arrived, send the receipts outbox
/// until it is empty, and print their timeline lines.
@MainActor
final class DeviceLoop {
    let client: GatewayClient
    let records: RecordFileReader
    let sender: ReceiptSender
    /// Polling, the timeout and the receipts sender's retries run on it.
    let clock: any HeraldClock
    /// The record file's lines read so far.
    private(set) var lineNumber = 0
    /// What arrived for the device; the session counts it.
    var received = 0
    /// Receipts the gateway had not accepted when the loop ended.
    private(set) var unsent = 0

    /// - Parameter storage: the device's folder: the gateway's device id and the receipts outbox.
    init(storage: URL, records: RecordFileReader, client: (URL) -> GatewayClient, clock: any HeraldClock) throws {
        let gateway = client(storage)
        self.client = gateway
        self.records = records
        self.clock = clock
        sender = ReceiptSender(outbox: try ReceiptOutbox(directory: storage), transport: gateway, clock: clock, coalescing: 0)
    }

    /// Hands each new line of the record file to `take` until `expect` arrived or the
    /// `timeout` (from now on the clock), then sends the receipts outbox until it is empty or
    /// the time is up, and says `done` with how many arrived (under `countKey`) and the
    /// receipts left unsent. Returns whether all arrived and were sent.
    func run(
        timeout: Double, expect: Int, countKey: String, say: (String, [String: JSONValue]) -> Void, take: (String) async throws -> Void
    ) async throws -> Bool {
        let deadline = clock.now + timeout
        // Read, then decide: a wait that overslept the deadline still gets a last look.
        while true {
            for line in try records.newLines() { try await take(line) }
            if received >= expect || clock.now >= deadline { break }
            await Self.pause(0.05, on: clock)
        }
        sender.flush()
        while (try sender.outbox.pending().count) > 0, clock.now < deadline {
            await Self.pause(0.05, on: clock)
            if !sender.isSending { sender.flush() }
        }
        unsent = try sender.outbox.pending().count
        say("done", [countKey: .int(received), "receiptsUnsent": .int(unsent)])
        return received >= expect && unsent == 0
    }

    /// The next line of the record file as JSON; a line that is not JSON is said as
    /// `unreadable` (its number and why), never dropped silently.
    func record(_ line: String, say: (String, [String: JSONValue]) -> Void) -> JSONValue? {
        lineNumber += 1
        do {
            return try JSONParser().parse(Array(line.utf8))
        } catch {
            say("unreadable", ["line": .int(lineNumber), "reason": .string("\(error)")])
            return nil
        }
    }

    /// Waits `seconds` on `clock`.
    static func pause(_ seconds: Double, on clock: any HeraldClock) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            clock.schedule(after: seconds) { continuation.resume() }
        }
    }

    /// One timeline line as the device prints it: JSON with `"device": name`, or text after `[name]`.
    static func line(_ entry: TimelineEntry, name: String, json: Bool) -> String {
        guard json else { return "[\(name)] " + String(entry.text.drop { $0 == " " }) }
        var object = entry.json.objectValue ?? [:]
        object["device"] = .string(name)
        return JSONWriter.serialize(.object(object))
    }
}
