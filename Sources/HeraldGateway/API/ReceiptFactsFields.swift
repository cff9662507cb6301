import HeraldShared

/// A receipt's `facts` (the SDK's `ReceiptFacts`): what the device knows of how a
/// notification went on it, checked field by field against `ReceiptFactRules` and bounded,
/// so a device stores at most a small known object per receipt and an explanation can show it.
enum ReceiptFactsFields {
    typealias Rules = ReceiptFactRules

    /// The checked facts of `events[i]`, or nil when it has none.
    static func facts(_ event: JSONObjectReader) throws -> JSONValue? {
        guard let value = event.object["facts"] else { return nil }
        let facts = try JSONObjectReader(value, path: event.field("facts"))
        try facts.allow(["presented", "extension", "routed"])
        if let presented = try facts.objectValue("presented") {
            let fields = try JSONObjectReader(.object(presented), path: facts.field("presented"))
            try fields.allow(["how", "why"])
            let how = try fields.string("how", required: true) ?? ""
            guard Rules.presentedHow.contains(how) else {
                throw ValidationError(fields.field("how"), "\"\(how.prefix(40))\" is not \(Rules.presentedHow.joined(separator: ", "))")
            }
            _ = try fields.string("why", maxLength: Rules.maxText)
        }
        if let done = try facts.objectValue("extension") {
            let fields = try JSONObjectReader(.object(done), path: facts.field("extension"))
            try fields.allow(["kept", "skipped", "trigger"])
            guard let kept = try fields.integer("kept"), (0...Rules.maxKept).contains(kept) else {
                throw ValidationError(fields.field("kept"), "is required: the attachments kept, 0 to \(Rules.maxKept)")
            }
            let trigger = try fields.string("trigger", required: true) ?? ""
            guard Rules.extensionTriggers.contains(trigger) else {
                throw ValidationError(fields.field("trigger"), "\"\(trigger.prefix(40))\" is not \(Rules.extensionTriggers.joined(separator: ", "))")
            }
            guard case .array(let skipped) = done["skipped"] ?? .array([]), skipped.count <= Rules.maxSkipped else {
                throw ValidationError(fields.field("skipped"), "expected an array of at most \(Rules.maxSkipped) skipped attachments")
            }
            for (index, item) in skipped.enumerated() {
                let entry = try JSONObjectReader(item, path: "\(fields.field("skipped"))[\(index)]")
                try entry.allow(["source", "reason"])
                _ = try entry.string("source", required: true, maxLength: Rules.maxText)
                _ = try entry.string("reason", required: true, maxLength: Rules.maxText)
            }
        }
        if let routed = try facts.objectValue("routed") {
            let fields = try JSONObjectReader(.object(routed), path: facts.field("routed"))
            try fields.allow(["route", "matched", "why"])
            guard case .bool? = routed["matched"] else { throw ValidationError(fields.field("matched"), "is required: true or false") }
            _ = try fields.string("route", maxLength: Rules.maxText)
            _ = try fields.string("why", maxLength: Rules.maxText)
        }
        return value
    }
}
