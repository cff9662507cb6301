import HeraldCore

extension SQLiteStore {
    public func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool) {
        try durableWrite { db in
            if let key = publish.idempotencyKey,
                let (existing, stored) = try db.query(
                    "SELECT id, request_fingerprint FROM publishes WHERE app_id = ? AND idempotency_key = ?",
                    [.text(publish.appID), .text(key)], { ($0.string(0), $0.optionalString(1)) }
                ).first
            {
                try publish.checkSameRequest(key: key, existing: existing, stored: stored)
                return (existing, false)
            }
            let id = Identifier.make("pub_")
            let options = publish.options
            try db.execute(
                """
                INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, expiration,
                send_at, environment, idempotency_key, request_fingerprint, status, created_at, updated_at, activity_type)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(id), .text(publish.appID), .text(publish.target.kind), .text(publish.storedTargetKeys),
                    .bytes(publish.storedPayload(id: id)), .text(options.pushType),
                    .int(options.priority), .text(options.collapseID ?? id), .optional(options.expiration), .optional(options.sendAt),
                    .text(options.environment.rawValue), .optional(publish.idempotencyKey), .optional(publish.storedFingerprint),
                    .text(publish.initialStatus.rawValue),
                    .double(publish.createdAt), .double(publish.createdAt), .optional(publish.target.activityType),
                ])
            return (id, true)
        }
    }

    public func publish(appID: String, id: String) throws -> PublishRecord? {
        try locked { db in try Self.loadPublish(db, appID: appID, id: id) }
    }

    public func cancelPublish(appID: String, id: String, now: Double) throws -> PublishRecord {
        try durableWrite { db in
            guard let publish = try Self.loadPublish(db, appID: appID, id: id) else {
                throw StoreError(.notFound, "no publish \(id) in app \(appID)")
            }
            let started = try db.scalar("SELECT fanout_key + fanout_seq + targeted FROM publishes WHERE id = ?", [.text(id)]) ?? 0
            guard publish.status == .scheduled || (publish.status == .queued && started == 0) else {
                throw StoreError(
                    .conflict, "publish \(id) is \(publish.status.rawValue); only a scheduled or queued publish can be cancelled")
            }
            try db.execute("UPDATE publishes SET status = 'cancelled', updated_at = ? WHERE id = ?", [.double(now), .text(id)])
            var cancelled = publish
            cancelled.status = .cancelled
            return cancelled
        }
    }

    public func recordEvents(appID: String, _ events: [DeviceEvent], quota: DeviceQuota) throws -> EventTally {
        try write { db in
            try EventTally.record(
                events, appID: appID, quota: quota,
                publishExists: { try db.scalar("SELECT 1 FROM publishes WHERE app_id = ? AND id = ?", [.text(appID), .text($0)]) != nil },
                delivery: { event in
                    try db.query(
                        """
                        SELECT d.state, d.updated_at FROM devices v JOIN deliveries d ON d.publish_id = ? AND d.device_seq = v.seq
                        WHERE v.app_id = ? AND v.id = ?
                        """, [.text(event.publishID), .text(appID), .text(event.deviceID)], { ($0.int(0), $0.double(1)) }
                    ).first
                },
                insert: { event, counted in
                    try db.execute(
                        "INSERT OR IGNORE INTO events (publish_id, device_id, event, action_id, at, counted) VALUES (?, ?, ?, ?, ?, ?)",
                        [
                            .text(event.publishID), .text(event.deviceID), .text(event.kind.rawValue), .text(event.actionID ?? ""),
                            .double(event.at), .int(counted ? 1 : 0),
                        ]) > 0
                },
                actions: { event in
                    try db.scalar(
                        "SELECT count(*) FROM events WHERE publish_id = ? AND device_id = ? AND event = 'action'",
                        [.text(event.publishID), .text(event.deviceID)]) ?? 0
                },
                count: { event, series in try Self.count(db, series, publishID: event.publishID, at: event.at) },
                storedEvents: { try Self.eventCount(db, appID: appID) })
        }
    }

    public func eventCount(appID: String) throws -> Int {
        try locked { db in try Self.eventCount(db, appID: appID) }
    }

    /// The app's receipts, kept by migration 13's triggers.
    private static func eventCount(_ db: SQLiteConnection, appID: String) throws -> Int {
        try db.scalar("SELECT event_count FROM apps WHERE id = ?", [.text(appID)]) ?? 0
    }

    /// Counts the receipts that arrived while these deliveries (now sent) were in flight,
    /// each no earlier than its delivery was sent.
    static func countHeldEvents(_ db: SQLiteConnection, sent seqs: [Int]) throws {
        guard !seqs.isEmpty, try db.scalar("SELECT 1 FROM events WHERE counted = 0 LIMIT 1") != nil else { return }
        let held = try db.queryOnce(
            """
            SELECT e.publish_id, e.device_id, e.event, e.action_id, max(e.at, d.updated_at) FROM deliveries d
            JOIN devices v ON v.seq = d.device_seq JOIN events e ON e.publish_id = d.publish_id AND e.device_id = v.id AND e.counted = 0
            WHERE d.seq IN (\(SQLiteConnection.placeholders(seqs.count)))
            """, seqs.map { .int($0) }
        ) { ($0.string(0), $0.string(1), $0.string(2), $0.string(3), $0.double(4)) }
        for (publishID, deviceID, event, actionID, at) in held {
            try db.execute(
                "UPDATE events SET counted = 1, at = ? WHERE publish_id = ? AND device_id = ? AND event = ? AND action_id = ?",
                [.double(at), .text(publishID), .text(deviceID), .text(event), .text(actionID)])
            if let series = DeviceEvent.Kind(rawValue: event)?.series { try count(db, series, publishID: publishID, at: at) }
        }
    }

    public func promoteDuePublishes(now: Double) throws -> Int {
        try write { db in
            try db.execute(
                "UPDATE publishes SET status = 'queued', updated_at = ? WHERE status = 'scheduled' AND send_at <= ?",
                [.double(now), .double(now)])
        }
    }

    static func loadPublish(_ db: SQLiteConnection, appID: String, id: String) throws -> PublishRecord? {
        try loadPublishes(db, "WHERE app_id = ? AND id = ?", [.text(appID), .text(id)]).first
    }

    /// The publishes `condition` selects (after FROM publishes p), with their failures by
    /// reason, in one statement.
    static func loadPublishes(_ db: SQLiteConnection, _ condition: String, _ values: [SQLValue]) throws -> [PublishRecord] {
        try db.query(
            """
            SELECT id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, expiration, send_at, environment,
            status, created_at, targeted, sent, failed, invalidated, delivered, opened, activity_type,
            (SELECT json_group_object(reason, count) FROM publish_failures WHERE publish_id = p.id)
            FROM publishes p \(condition)
            """, values, publishRow)
    }

    private static func publishRow(_ row: SQLiteStatement) -> PublishRecord {
        var counts = PublishCounts()
        counts.targeted = row.int(13)
        counts.sent = row.int(14)
        counts.failed = row.int(15)
        counts.invalidated = row.int(16)
        counts.delivered = row.int(17)
        counts.opened = row.int(18)
        return PublishRecord(
            id: row.string(0), appID: row.string(1),
            target: PublishTarget(kind: row.string(2), storedKeys: row.string(3), activityType: row.optionalString(19)),
            payload: row.bytes(4),
            options: PublishOptions(
                pushType: row.string(5), priority: row.int(6), collapseID: row.optionalString(7), expiration: row.optionalDouble(8),
                sendAt: row.optionalDouble(9), environment: APNsEnvironment(rawValue: row.string(10)) ?? .production),
            status: PublishStatus(rawValue: row.string(11)) ?? .queued, createdAt: row.double(12), counts: counts,
            failures: (row.optionalString(20).flatMap { try? JSONParser().parse($0).objectValue } ?? [:]).compactMapValues(\.intValue))
    }
}
