import Foundation
import HeraldCore
import HeraldSimulator

/// What both simulated devices (`DeviceSession`, `AndroidDeviceSession`) do alike: follow a
/// simulator's record file until enough has arrived, send the receipts outbox until it is
/// empty, and print their timeline lines.
@MainActor
enum DeviceLoop {
    /// Hands each new line of `records` to `take` until `done()` or the `timeout` (from now on
    /// `clock`), then sends the outbox of `sender` until it is empty or the time is up.
    /// Returns the receipts left unsent.
    static func run(
        records: RecordFileReader, sender: ReceiptSender, clock: any HeraldClock, timeout: Double, done: () -> Bool,
        take: (String) async throws -> Void
    ) async throws -> Int {
        let deadline = clock.now + timeout
        // Read, then decide: a wait that overslept the deadline still gets a last look.
        while true {
            for line in try records.newLines() { try await take(line) }
            if done() || clock.now >= deadline { break }
            await pause(0.05, on: clock)
        }
        sender.flush()
        while (try sender.outbox.pending().count) > 0, clock.now < deadline {
            await pause(0.05, on: clock)
            if !sender.isSending { sender.flush() }
        }
        return try sender.outbox.pending().count
    }

    /// Line `number` of a record file as JSON; a line that is not JSON is told to
    /// `unreadable` (its number and why), never dropped silently.
    static func record(_ line: String, number: Int, unreadable: (Int, String) -> Void) -> JSONValue? {
        do {
            return try JSONParser().parse(Array(line.utf8))
        } catch {
            unreadable(number, "\(error)")
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
