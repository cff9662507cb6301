import HeraldShared

extension SQLiteStore {
    public func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool) {
        try durableWrite { db in
            if let existing = try Self.keyedPublish(db, publish) {
                AuditDraft.nameTarget(existing)
                return (existing, false)
            }
            let id = Identifier.ordered("pub_", at: publish.createdAt)
            AuditDraft.nameTarget(id)
            // The one writer has checked the key: the insert always goes in.
            try Self.insertPublish(db, publish, id: id)
            try Self.insertVariants(db, publish, id: id)
            try Self.insertPublishInbox(db, publish, id: id)
            try Self.logPublishCreated(db, publish, id: id)
            return (id, true)
        }
    }

    public func cancelPublish(appID: String, id: String, now: Double) throws -> PublishRecord {
        try durableWrite { db in try Self.cancelPublish(db, appID: appID, id: id, now: now) }
    }

    /// Counts the receipts that arrived while these deliveries (now sent) were in flight,
    /// each no earlier than its delivery was sent.
    static func countHeldEvents(_ db: SQLiteConnection, sent seqs: [Int]) throws {
        // one store: a list of `?` per seq, then receipt by receipt (PostgreSQL: one UPDATE … FROM over an array).
        guard !seqs.isEmpty, try db.scalar("SELECT 1 FROM events WHERE counted = 0 LIMIT 1") != nil else { return }
        let held = try db.query(
            {
                // one store: as above.
                """
                SELECT e.publish_id, e.device_id, e.event, e.action_id, max(e.at, d.updated_at), d.app_id FROM deliveries d
                JOIN devices v ON v.seq = d.device_seq JOIN events e ON e.publish_id = d.publish_id AND e.device_id = v.id AND e.counted = 0
                WHERE d.seq IN (\($0))
                """
            }, [], in: seqs.map { .int($0) }
        ) { ($0.string(0), $0.string(1), $0.string(2), $0.string(3), $0.double(4), $0.string(5)) }
        var receipts: [String: [DeviceEvent]] = [:]
        for (publishID, deviceID, event, actionID, at, appID) in held {
            // one store: as above.
            try db.execute(
                "UPDATE events SET counted = 1, at = ? WHERE publish_id = ? AND device_id = ? AND event = ? AND action_id = ?",
                [.double(at), .text(publishID), .text(deviceID), .text(event), .text(actionID)])
            if let series = DeviceEvent.Kind(rawValue: event)?.series { try count(db, series, publishID: publishID, at: at) }
            if let kind = DeviceEvent.Kind(rawValue: event) {
                receipts[appID, default: []].append(
                    DeviceEvent(publishID: publishID, deviceID: deviceID, kind: kind, actionID: actionID.isEmpty ? nil : actionID, at: at))
            }
        }
        for (appID, events) in receipts.sorted(by: { $0.key < $1.key }) { try logReceipts(db, appID: appID, events) }
    }

    public func eventCount(appID: String) throws -> Int {
        try snapshot { db in try Self.eventCount(db, appID: appID) }
    }

    public func promoteDuePublishes(now: Double) throws -> Int {
        try write { db in try Self.promoteDuePublishes(db, now: now) }
    }
}
