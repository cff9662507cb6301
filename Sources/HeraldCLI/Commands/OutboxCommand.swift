import Foundation
import HeraldCore

/// `herald outbox show`: what an outbox / inbox folder holds, torn tails included.
enum OutboxCommand: Command {
    static let name = "outbox"
    static let summary = "Show the receipts and inbox in an outbox folder (e.g. from a device's App Group)"
    static let help = """
        Usage: herald outbox show DIR [--json]

        Reads DIR's receipts.log and inbox.log (the folder the app and its extensions
        share; copy it from a device's App Group container) without changing their
        records (only empty .lock files may be created beside them), and
        prints every receipt with whether it was sent, the pending ones, trims made by
        the size and age bounds, the inbox with its unread count and badge, and any torn
        tail (a write cut short by a crash) or corrupt line it found.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 when read, 2 when DIR is not a readable folder.
        """
    static let json = Option.flag(
        "json",
        #"one JSON object: {"receipts": [...], "pending": n, "trims": [...], "tornTail": {"offset", "bytes"} | null, "corruptOffsets": [...], "inbox": {"items": [...], "unread": n, "badge": n, "tornTail": ...}}"#
    )
    static let spec = Arguments.Spec(actions: [.init("show", [json.descriptor])])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        guard arguments.positionals.count == 2, arguments.positionals[0] == "show" else {
            return fail("expected 'herald outbox show DIR'", terminal)
        }
        let path = arguments.positionals[1]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return fail("\(path): no such folder; give the folder that holds receipts.log and inbox.log", terminal)
        }
        do {
            let report = try OutboxReport(directory: URL(fileURLWithPath: path))
            terminal.print(arguments[Self.json] ? JSONWriter.serialize(report.json) : report.text)
            return 0
        } catch {
            return fail("\(path): \(error)", terminal)
        }
    }
}
