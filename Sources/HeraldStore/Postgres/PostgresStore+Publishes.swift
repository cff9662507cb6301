import HeraldShared

extension PostgresStore {
    public func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool) {
        try write { db in
            if let existing = try Self.keyedPublish(db, publish) { return (existing, false) }
            let id = Identifier.make("pub_")
            let options = publish.options
            // one store: another process may insert the same key meanwhile (SQLite's one writer has checked it).
            let inserted = try db.query(
                """
                INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, expiration,
                send_at, environment, idempotency_key, request_fingerprint, status, created_at, updated_at, activity_type, audience_filter,
                cap_max, cap_window, local_time, local_date)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17, $18, $19, $20, $21)
                ON CONFLICT (app_id, idempotency_key) DO NOTHING RETURNING id
                """,
                [
                    .text(id), .text(publish.appID), .text(publish.target.kind), .text(publish.storedTargetKeys),
                    .bytes(publish.storedPayload(id: id)), .text(options.pushType), .int(options.priority),
                    .text(options.collapseID ?? id), .optional(options.expiration), .optional(options.sendAt),
                    .text(options.environment.rawValue), .optional(publish.idempotencyKey), .optional(publish.storedFingerprint),
                    .text(publish.initialStatus.rawValue), .double(publish.createdAt), .optional(publish.target.activityType),
                    .optional(publish.filter?.stored), .optional(options.frequencyCap?.max), .optional(options.frequencyCap?.window),
                    .optional(options.localTime?.time), .optional(options.localTime?.date),
                ])
            if !inserted.isEmpty { try Self.insertVariants(db, publish, id: id) }
            guard inserted.isEmpty, let key = publish.idempotencyKey else {
                try Self.insertPublishInbox(db, publish, id: id)
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

    public func cancelPublish(appID: String, id: String, now: Double) throws -> PublishRecord {
        try write { db in try Self.cancelPublish(db, appID: appID, id: id, now: now) }
    }

    public func promoteDuePublishes(now: Double) throws -> Int {
        try write { db in
            try Self.promoteDuePublishes(db, now: now)
        }
    }
}
