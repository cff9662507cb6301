import HeraldShared

/// Webhook endpoints (`WebhookStore`), written once for both stores.
extension SQLStore {
    static func webhook(_ row: Database.Row) throws -> WebhookRecord {
        let events = (try? JSONParser().parse(try row.string(3)).arrayValue?.compactMap(\.stringValue)) ?? nil
        return WebhookRecord(
            id: try row.string(0), appID: try row.string(1), url: try row.string(2), events: events ?? [],
            description: try row.optionalString(4), secret: try row.string(5), oldSecret: try row.optionalString(6),
            oldSecretUntil: try row.optionalDouble(7), enabled: try row.bool(8), disabledReason: try row.optionalString(9),
            cursor: EventCursor(seq: try row.int(10)), failures: try row.int(11), nextAt: try row.double(12),
            lastSuccessAt: try row.optionalDouble(13), lastFailureAt: try row.optionalDouble(14),
            lastFailureStatus: try row.optionalInt(15), lastFailureError: try row.optionalString(16), createdAt: try row.double(17),
            updatedAt: try row.double(18))
    }

    static func eventsText(_ events: [String]) -> String { JSONWriter.serialize(.array(events.map(JSONValue.string))) }

    static func webhook(_ db: Database, appID: String, id: String) throws -> WebhookRecord? {
        try db.query(WebhookStatements.one, [.text(appID), .text(id)], webhook).first
    }

    static func createWebhook(_ db: Database, _ new: NewWebhook, limit: Int) throws -> WebhookRecord {
        let sql = WebhookStatements.self
        try db.lock(sql.lockApp, [.text(new.appID)])
        let count = try db.query(sql.count, [.text(new.appID)]) { try $0.int(0) }.first ?? 0
        guard count < limit else {
            throw StoreError(.limitExceeded, "app \(new.appID) has \(count) webhook endpoints, the most it may have (herald serve --max-webhooks-per-app)")
        }
        let end = try eventLogEnd(db, appID: new.appID)
        try db.execute(
            sql.insert,
            [
                .text(new.id), .text(new.appID), .text(new.url), .text(eventsText(new.events)), .optional(new.description),
                .text(new.secret), .bool(true), .int(end.seq), .double(new.now),
            ])
        guard let created = try webhook(db, appID: new.appID, id: new.id) else { throw StoreError(.notFound, "webhook \(new.id) vanished") }
        return created
    }

    static func updateWebhook(_ db: Database, appID: String, id: String, _ change: WebhookChange, now: Double) throws -> WebhookRecord? {
        guard var hook = try db.query(WebhookStatements.oneLocked, [.text(appID), .text(id)], webhook).first else { return nil }
        hook.url = change.url ?? hook.url
        hook.events = change.events ?? hook.events
        if let description = change.description { hook.description = description }
        if let enabled = change.enabled, enabled != hook.enabled {
            hook.enabled = enabled
            hook.disabledReason = enabled ? nil : "disabled"
            if enabled { (hook.failures, hook.nextAt) = (0, now) }
        }
        try db.execute(
            WebhookStatements.update,
            [
                .text(appID), .text(id), .text(hook.url), .text(eventsText(hook.events)), .optional(hook.description), .bool(hook.enabled),
                .optional(hook.disabledReason), .int(hook.failures), .double(hook.nextAt), .double(now),
            ])
        return try webhook(db, appID: appID, id: id)
    }

    static func claimWebhooks(_ db: Database, owner: String, now: Double, hold: Double, limit: Int) throws -> [WebhookRecord] {
        let sql = WebhookStatements.self
        let ids = try db.query(sql.due, [.double(now), .int(limit)]) { try $0.string(0) }
        return try ids.compactMap { id in
            try db.execute(sql.claim, [.text(owner), .double(now + hold), .text(id)])
            return try db.query(sql.claimed, [.text(id)], webhook).first
        }
    }

    static func finishWebhook(_ db: Database, _ progress: WebhookProgress) throws -> Bool {
        let sql = WebhookStatements.self
        if let to = progress.to, to != progress.from {
            try db.execute(sql.advance, [.text(progress.id), .text(progress.owner), .int(to.seq), .int(progress.from.seq)])
        }
        guard progress.release else { return false }
        let attempt = progress.attempt
        let succeeded = attempt.map { ($0.status ?? 0) / 100 == 2 } ?? false
        let failed = attempt != nil && !succeeded
        let after = try db.query(
            sql.finish,
            [
                .text(progress.id), .text(progress.owner), .int(progress.failures), .double(progress.nextAt), .double(progress.now),
                .optional(progress.disable), .int(succeeded ? 1 : 0), .int(failed ? 1 : 0), attempt?.status.map { .int($0) } ?? .null,
                .optional(attempt?.error), progress.holdUntil.map { .double($0) } ?? .null,
            ]
        ) { (enabled: try $0.bool(0), cursor: try $0.int(1)) }.first
        guard let after else { return false }
        // Still this process's, enabled, where it reported it (no replay moved it meanwhile).
        let held = progress.holdUntil != nil && after.enabled && after.cursor == (progress.to ?? progress.from).seq
        guard let attempt else { return held }
        try db.execute(
            sql.insertAttempt,
            [
                .text(progress.id), .double(attempt.at), attempt.status.map { .int($0) } ?? .null, .optional(attempt.error),
                .int(attempt.events), attempt.firstEvent.map { .int($0) } ?? .null, .double(attempt.duration),
            ])
        try db.execute(sql.trimAttempts, [.text(progress.id), .int(WebhookLimits.attemptsKept)])
        return held
    }
}

public enum WebhookLimits {
    /// Attempts kept per endpoint (`GET …/attempts`).
    public static let attemptsKept = 100
}

/// The public methods whose transaction and body are the same on both stores.
extension SQLStore {
    public func createWebhook(_ webhook: NewWebhook, limit: Int) throws -> WebhookRecord {
        try write { db in try Self.createWebhook(db, webhook, limit: limit) }
    }

    public func webhooks(appID: String) throws -> [WebhookRecord] {
        try snapshot { db in try db.query(WebhookStatements.all, [.text(appID)], Self.webhook) }
    }

    public func webhook(appID: String, id: String) throws -> WebhookRecord? {
        try snapshot { db in try Self.webhook(db, appID: appID, id: id) }
    }

    public func updateWebhook(appID: String, id: String, _ change: WebhookChange, now: Double) throws -> WebhookRecord? {
        try write { db in try Self.updateWebhook(db, appID: appID, id: id, change, now: now) }
    }

    public func deleteWebhook(appID: String, id: String) throws -> Bool {
        try write { db in
            guard try db.execute(WebhookStatements.delete, [.text(appID), .text(id)]) > 0 else { return false }
            try db.execute(WebhookStatements.deleteAttempts, [.text(id)])
            return true
        }
    }

    public func rotateWebhookSecret(appID: String, id: String, secret: String, keepOldUntil: Double, now: Double) throws -> WebhookRecord? {
        try write { db in
            guard try db.execute(WebhookStatements.rotate, [.text(appID), .text(id), .double(keepOldUntil), .text(secret), .double(now)]) > 0
            else { return nil }
            return try Self.webhook(db, appID: appID, id: id)
        }
    }

    public func replayWebhook(appID: String, id: String, since: Double, now: Double) throws -> WebhookRecord? {
        try write { db in
            guard try Self.webhook(db, appID: appID, id: id) != nil else { return nil }
            let start = try Self.eventCursor(db, appID: appID, since: since)
            try db.execute(WebhookStatements.moveBack, [.text(appID), .text(id), .int(start.seq), .double(now)])
            return try Self.webhook(db, appID: appID, id: id)
        }
    }

    public func webhookAttempts(appID: String, id: String, limit: Int) throws -> [WebhookAttempt] {
        try snapshot { db in
            guard try Self.webhook(db, appID: appID, id: id) != nil else { return [] }
            return try db.query(WebhookStatements.attempts, [.text(id), .int(limit)]) { row in
                WebhookAttempt(
                    at: try row.double(0), status: try row.optionalInt(1), error: try row.optionalString(2), events: try row.int(3),
                    firstEvent: try row.optionalInt(4), duration: try row.double(5))
            }
        }
    }

    public func claimWebhooks(owner: String, now: Double, hold: Double, limit: Int) throws -> [WebhookRecord] {
        guard try snapshot({ db in try !db.query(WebhookStatements.anyDue, [.double(now)], { _ in () }).isEmpty }) else { return [] }
        return try write { db in try Self.claimWebhooks(db, owner: owner, now: now, hold: hold, limit: limit) }
    }

    @discardableResult
    public func finishWebhook(_ progress: WebhookProgress) throws -> Bool {
        try write { db in try Self.finishWebhook(db, progress) }
    }

    public func enabledWebhooks(limit: Int) throws -> [WebhookRecord] {
        try snapshot { db in try db.query(WebhookStatements.enabled, [.int(limit)], Self.webhook) }
    }

    public func disableWebhook(appID: String, id: String, reason: String, now: Double) throws -> Bool {
        try write { db in try db.execute(WebhookStatements.disable, [.text(appID), .text(id), .text(reason), .double(now)]) > 0 }
    }

    public func webhookBacklog(appID: String, after: EventCursor, matching selector: EventSelector?, limit: Int) throws
        -> (count: Int, oldest: Double?)
    {
        try snapshot { db in
            let (oldestSQL, countSQL, values) = WebhookStatements.backlog(
                appID: appID, after: after, matching: selector, limit: limit, db.dialect)
            let oldest = try db.query(oldestSQL, Array(values.dropLast())) { try $0.double(0) }.first
            let count = try db.query(countSQL, values) { try $0.int(0) }.first ?? 0
            return (count, oldest)
        }
    }
}
