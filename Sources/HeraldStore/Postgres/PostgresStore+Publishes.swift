import HeraldShared

extension PostgresStore {
    public func createPublish(_ publish: NewPublish) throws -> (id: String, created: Bool) {
        try write { db in
            if let existing = try Self.keyedPublish(db, publish) {
                AuditDraft.nameTarget(existing)
                return (existing, false)
            }
            let id = Identifier.ordered("pub_", at: publish.createdAt)
            AuditDraft.nameTarget(id)
            let inserted = try Self.insertPublish(db, publish, id: id)
            if inserted { try Self.insertVariants(db, publish, id: id) }
            guard !inserted, let key = publish.idempotencyKey else {
                try Self.insertPublishInbox(db, publish, id: id)
                try Self.logPublishCreated(db, publish, id: id)
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
