import HeraldCore

extension PostgresStore {
    public func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool) {
        try write { db in
            if let key = publish.idempotencyKey, let (existing, stored) = try Self.keyed(db, appID: publish.appID, key: key) {
                try publish.checkSameRequest(key: key, existing: existing, stored: stored)
                return (existing, false)
            }
            let id = Identifier.make("pub_")
            let options = publish.options
            let inserted = try db.query(
                """
                INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, expiration,
                send_at, environment, idempotency_key, request_fingerprint, status, created_at, updated_at, activity_type)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16)
                ON CONFLICT (app_id, idempotency_key) DO NOTHING RETURNING id
                """,
                [
                    .text(id), .text(publish.appID), .text(publish.target.kind), .text(publish.storedTargetKeys),
                    .bytes(publish.storedPayload(id: id)), .text(options.pushType), .int(options.priority),
                    .text(options.collapseID ?? id), .optional(options.expiration), .optional(options.sendAt),
                    .text(options.environment.rawValue), .optional(publish.idempotencyKey), .optional(publish.storedFingerprint),
                    .text(publish.initialStatus.rawValue), .double(publish.createdAt), .optional(publish.target.activityType),
                ])
            guard inserted.isEmpty, let key = publish.idempotencyKey else {
                // Heard by the other processes' watches when this commits.
                try db.notify(PostgresPublishWatch.channel, payload: id)
                return (id, true)
            }
            // Another request with this key committed since the lookup (the insert waited
            // for it): that one is the publish.
            guard let (existing, stored) = try Self.keyed(db, appID: publish.appID, key: key) else {
                throw PostgresError(.serialization, message: "idempotency key \(key) was taken and released meanwhile")
            }
            try publish.checkSameRequest(key: key, existing: existing, stored: stored)
            return (existing, false)
        }
    }

    /// The publish an idempotency key names, and its fingerprint.
    private static func keyed(_ db: PostgresConnection, appID: String, key: String) throws -> (String, String?)? {
        try db.query(
            "SELECT id, request_fingerprint FROM publishes WHERE app_id = $1 AND idempotency_key = $2", [.text(appID), .text(key)]
        ).first.map { (try $0.string(0), try $0.optionalString(1)) }
    }

    public func publish(appID: String, id: String) throws -> PublishRecord? {
        try read { db in try Self.loadPublish(db, appID: appID, id: id) }
    }

    /// Cancels under the publish's row lock, which a fan-out step takes too: the fan-out
    /// cannot start between the check and the change.
    public func cancelPublish(appID: String, id: String, now: Double) throws -> PublishRecord {
        try write { db in
            guard
                let (status, started) = try db.query(
                    "SELECT status, fanout_key + fanout_seq + targeted FROM publishes WHERE app_id = $1 AND id = $2 FOR UPDATE",
                    [.text(appID), .text(id)]
                ).first.map({ (PublishStatus(rawValue: try $0.string(0)), try $0.int(1)) })
            else { throw StoreError(.notFound, "no publish \(id) in app \(appID)") }
            guard status == .scheduled || (status == .queued && started == 0) else {
                throw StoreError(
                    .conflict, "publish \(id) is \(status?.rawValue ?? "unknown"); only a scheduled or queued publish can be cancelled")
            }
            try db.execute("UPDATE publishes SET status = 'cancelled', updated_at = $1 WHERE id = $2", [.double(now), .text(id)])
            guard let cancelled = try Self.loadPublish(db, appID: appID, id: id) else {
                throw StoreError(.notFound, "no publish \(id) in app \(appID)")
            }
            return cancelled
        }
    }

    public func promoteDuePublishes(now: Double) throws -> Int {
        try write { db in
            try db.execute(
                "UPDATE publishes SET status = 'queued', updated_at = $1 WHERE status = 'scheduled' AND send_at <= $1", [.double(now)])
        }
    }

    /// The publish with its failures by reason, read in one statement (one snapshot).
    static func loadPublish(_ db: PostgresConnection, appID: String, id: String) throws -> PublishRecord? {
        try loadPublishes(db, "WHERE app_id = $1 AND id = $2", [.text(appID), .text(id)]).first
    }

    /// The publishes `condition` selects (after FROM publishes p), with their failures by
    /// reason, in one statement.
    static func loadPublishes(_ db: PostgresConnection, _ condition: String, _ values: [SQLValue]) throws -> [PublishRecord] {
        try db.query(
            """
            SELECT id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, expiration, send_at, environment,
            status, created_at, targeted, sent, failed, invalidated, delivered, opened,
            (SELECT json_object_agg(reason, count) FROM publish_failures WHERE publish_id = p.id), activity_type
            FROM publishes p \(condition)
            """, values
        ).map { row in
            var counts = PublishCounts()
            counts.targeted = try row.int(13)
            counts.sent = try row.int(14)
            counts.failed = try row.int(15)
            counts.invalidated = try row.int(16)
            counts.delivered = try row.int(17)
            counts.opened = try row.int(18)
            let failures = try row.optionalString(19).flatMap { try? JSONParser().parse($0).objectValue } ?? [:]
            return PublishRecord(
                id: try row.string(0), appID: try row.string(1),
                target: PublishTarget(
                    kind: try row.string(2), storedKeys: try row.string(3), activityType: try row.optionalString(20)),
                payload: try row.bytes(4),
                options: PublishOptions(
                    pushType: try row.string(5), priority: try row.int(6), collapseID: try row.optionalString(7),
                    expiration: try row.optionalDouble(8), sendAt: try row.optionalDouble(9),
                    environment: APNsEnvironment(rawValue: try row.string(10)) ?? .production),
                status: PublishStatus(rawValue: try row.string(11)) ?? .queued, createdAt: try row.double(12), counts: counts,
                failures: failures.compactMapValues(\.intValue))
        }
    }
}
