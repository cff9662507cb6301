import HeraldShared

/// A device's attributes (`DeviceAttributes`): its columns, and its tags as JSON and as one
/// `device_tags` row each. Each runs in the caller's transaction.
extension SQLStore {
    /// Sets the attributes `change` names on device `seq`; tags are rewritten only when
    /// they differ from the device's (a device registering at every launch with the same
    /// tags writes no tag row). `new`: the device has no tags yet.
    static func writeAttributes(_ db: Database, appID: String, seq: Int, _ change: DeviceAttributes, new: Bool, now: Double) throws {
        guard !change.isEmpty else { return }
        let sql = DeviceStatements.self
        var tagsJSON: String?
        if let tags = change.tags {
            var stored: [String: JSONValue] = [:]
            if !new, let text = try db.query(sql.tags, [.int(seq)], { try $0.string(0) }).first {
                stored = (try? JSONParser().parse(text))?.objectValue ?? [:]
            }
            if stored != tags {
                tagsJSON = JSONWriter.serialize(.object(tags))
                if !new { try db.execute(sql.deleteTags, [.int(seq)]) }
                for (name, value) in tags.sorted(by: { $0.key < $1.key }) {
                    try db.execute(sql.insertTag, [.int(seq), .text(name), .text(appID)] + tagColumns(value))
                }
            }
        }
        let locale = change.locale ?? nil, version = change.appVersion ?? nil
        try db.execute(
            sql.setAttributes,
            [
                .bool(change.locale != nil), .optional(locale), .optional(locale.map(DeviceAttributes.language(of:))),
                .bool(change.timeZone != nil), .optional(change.timeZone ?? nil),
                .bool(change.appVersion != nil), .optional(version), .optional(version.map(DeviceAttributes.versionKey(of:))),
                .optional(tagsJSON), .double(now), .int(seq),
            ])
    }

    /// A tag's value in its column: text, number or Boolean (the API takes nothing else).
    static func tagColumns(_ value: JSONValue) -> [SQLValue] {
        switch value {
        case .bool(let flag): return [.null, .null, .bool(flag)]
        case .string(let text): return [.text(text), .null, .null]
        default: return [.null, .optional(value.doubleValue), .null]
        }
    }

    static func setAttributes(_ db: Database, appID: String, deviceID: String, _ change: DeviceAttributes, now: Double) throws -> Bool {
        guard let seq = try lockDevice(db, appID: appID, id: deviceID) else { return false }
        try writeAttributes(db, appID: appID, seq: seq, change, new: false, now: now)
        return true
    }
}
