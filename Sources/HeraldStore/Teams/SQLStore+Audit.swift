import HeraldShared

extension StoreDatabase {
    /// Runs a write transaction's `body` with the request's audit draft as current, then
    /// inserts the draft's entry in the same transaction (nothing when `draft` is nil, or
    /// when the body found nothing to change).
    /// The caller marks the draft recorded once the transaction committed.
    func auditing<T>(_ draft: AuditDraft?, _ body: (Self) throws -> T) throws -> T {
        guard let draft else { return try body(self) }
        let result = try AuditDraft.$current.withValue(draft) { try body(self) }
        if !Self.foundNothing(result) { try insertAudit(draft.entry(.ok)) }
        return result
    }

    /// Whether a body answered `false` or nil: the store's word for "no such thing" (a
    /// delete or change of something missing), which changed nothing and so carries no
    /// entry; the request's entry waits for a write that does something.
    private static func foundNothing<T>(_ result: T) -> Bool {
        if let flag = result as? Bool { return !flag }
        let mirror = Mirror(reflecting: result)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    func insertAudit(_ entry: AuditEntry) throws {
        try execute(
            AuditStatements.insert,
            [
                .text(entry.appID), .double(entry.at), .text(entry.actor.kind.rawValue), .text(entry.actor.id), .optional(entry.actor.name),
                .text(entry.action), .optional(entry.target), .optional(entry.address), .text(entry.outcome.rawValue),
                .optional(entry.detail),
            ])
    }
}

/// The audit log (`TeamStore`), written once for both stores.
extension SQLStore {
    static func auditEntry(_ row: Database.Row) throws -> AuditEntry {
        let kind = AuditActor.Kind(rawValue: try row.string(3)) ?? .key
        return AuditEntry(
            seq: try row.int(0), appID: try row.string(1), at: try row.double(2),
            actor: AuditActor(kind: kind, id: try row.string(4), name: try row.optionalString(5)), action: try row.string(6),
            target: try row.optionalString(7), address: try row.optionalString(8),
            outcome: AuditEntry.Outcome(rawValue: try row.string(9)) ?? .denied, detail: try row.optionalString(10))
    }

    public func recordAudit(_ entry: AuditEntry) throws {
        try write { db in try db.insertAudit(entry) }
    }

    public func auditEntries(appID: String, _ query: AuditQuery) throws -> [AuditEntry] {
        try snapshot { db in
            let (sql, values) = AuditStatements.page(appID: appID, query, db.dialect)
            // one store: built by AuditStatements.page for this database's dialect
            return try db.query(sql, values, Self.auditEntry)
        }
    }

    public func pruneAudit(before: Double, limit: Int) throws -> Int {
        try write { db in try db.execute(AuditStatements.prune, [.double(before), .int(limit)]) }
    }
}
