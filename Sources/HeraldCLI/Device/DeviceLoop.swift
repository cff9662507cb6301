import Foundation
import HeraldCore
import HeraldSimulator

/// What both simulated devices (`DeviceSession`, `AndroidDeviceSession`) do alike: follow a
/// simulator's record file until enough has arrived, send the receipts outbox until it is
/// empty, and print their timeline lines.
@MainActor
enum DeviceLoop {
    /// Hands each new line of `records` to `take` until `expect` arrived (`received()`) or the
    /// `timeout` (from now on `clock`), then sends the outbox of `sender` until it is empty or
    /// the time is up, and says `done` with how many arrived (under `countKey`) and the receipts
    /// left unsent. Returns those receipts, and whether all arrived and were sent.
    static func run(
        records: RecordFileReader, sender: ReceiptSender, clock: any HeraldClock, timeout: Double, expect: Int, received: () -> Int,
        countKey: String, say: (String, [String: JSONValue]) -> Void, take: (String) async throws -> Void
    ) async throws -> (unsent: Int, succeeded: Bool) {
        let deadline = clock.now + timeout
        // Read, then decide: a wait that overslept the deadline still gets a last look.
        while true {
            for line in try records.newLines() { try await take(line) }
            if received() >= expect || clock.now >= deadline { break }
            await pause(0.05, on: clock)
        }
        sender.flush()
        while (try sender.outbox.pending().count) > 0, clock.now < deadline {
            await pause(0.05, on: clock)
            if !sender.isSending { sender.flush() }
        }
        let unsent = try sender.outbox.pending().count
        say("done", [countKey: .int(received()), "receiptsUnsent": .int(unsent)])
        return (unsent, received() >= expect && unsent == 0)
    }

    /// The next line of a record file as JSON, counting it in `number`; a line that is not
    /// JSON is said as `unreadable` (its number and why), never dropped silently.
    static func record(_ line: String, number: inout Int, say: (String, [String: JSONValue]) -> Void) -> JSONValue? {
        number += 1
        do {
            return try JSONParser().parse(Array(line.utf8))
        } catch {
            say("unreadable", ["line": .int(number), "reason": .string("\(error)")])
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
