import HeraldShared

/// Scoped server keys (`TeamStore`), written once for both stores.
extension SQLStore {
    static func keyRecord(_ row: Database.Row) throws -> APIKeyRecord {
        APIKeyRecord(
            id: try row.string(0), appID: try row.string(1), name: try row.string(2),
            scopes: try row.string(3).split(separator: ",").map(String.init), createdAt: try row.double(4),
            createdBy: try row.optionalString(5), lastUsedAt: try row.optionalDouble(6), revokedAt: try row.optionalDouble(7))
    }

    public func createKey(_ key: APIKeyRecord, hash: String, limit: Int) throws {
        try write { db in
            let sql = KeyStatements.self
            try db.lock(sql.lockApp, [.text(key.appID)])
            let count = try db.query(sql.countActive, [.text(key.appID)]) { try $0.int(0) }.first ?? 0
            guard count < limit else {
                throw StoreError(.limitExceeded, "app \(key.appID) has \(count) keys, the most it may have: revoke one it no longer uses")
            }
            AuditDraft.nameTarget(key.id)
            try db.execute(
                sql.insert,
                [
                    .text(key.id), .text(key.appID), .text(key.name), .text(key.scopes.joined(separator: ",")), .double(key.createdAt),
                    .optional(key.createdBy), .text(hash),
                ])
        }
    }

    public func keys(appID: String) throws -> [APIKeyRecord] {
        try snapshot { db in try db.query(KeyStatements.list, [.text(appID)], Self.keyRecord) }
    }

    public func key(hash: String) throws -> APIKeyRecord? {
        try keyRead { db in try db.query(KeyStatements.byHash, [.text(hash)], Self.keyRecord).first }
    }

    public func revokeKey(appID: String, id: String, now: Double) throws -> APIKeyRecord? {
        try write { db in
            try db.execute(KeyStatements.revoke, [.double(now), .text(appID), .text(id)])
            return try db.query(KeyStatements.one, [.text(appID), .text(id)], Self.keyRecord).first
        }
    }

    public func touchKey(id: String, at: Double, olderThan: Double) throws {
        try write { db in _ = try db.execute(KeyStatements.touch, [.double(at), .text(id), .double(olderThan)]) }
    }
}
