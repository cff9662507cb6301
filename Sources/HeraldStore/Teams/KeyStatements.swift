/// The statements of scoped server keys (`api_keys`), written once for both stores.
enum KeyStatements {
    static let columns = "id, app_id, name, scopes, created_at, created_by, last_used_at, revoked_at"
    /// Serializes key creation per app, so the count below holds to the insert.
    static let lockApp = PostgresLock("SELECT 1 FROM apps WHERE id = ? FOR NO KEY UPDATE")
    static let countActive = SQLStatement("SELECT count(*) FROM api_keys WHERE app_id = ? AND revoked_at IS NULL")
    static let insert = SQLStatement(
        "INSERT INTO api_keys (\(columns), key_hash) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, ?)")
    static let list = SQLStatement("SELECT \(columns) FROM api_keys WHERE app_id = ? ORDER BY created_at, id")
    static let byHash = SQLStatement("SELECT \(columns) FROM api_keys WHERE key_hash = ?")
    static let revoke = SQLStatement("UPDATE api_keys SET revoked_at = ? WHERE app_id = ? AND id = ? AND revoked_at IS NULL")
    static let one = SQLStatement("SELECT \(columns) FROM api_keys WHERE app_id = ? AND id = ?")
    static let touch = SQLStatement("UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)")
}

/// The statements of the audit log, written once for both stores.
enum AuditStatements {
    static let insert = SQLStatement(
        """
        INSERT INTO audit_log (app_id, at, actor_type, actor_id, actor_name, action, target, address, outcome, detail)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    static let columns = "seq, app_id, at, actor_type, actor_id, actor_name, action, target, address, outcome, detail"
    /// Prunes up to a limit of the log's oldest rows older than a time: it reads only the
    /// oldest rows (the key's order), however long the log.
    static let prune = SQLStatement(
        "DELETE FROM audit_log WHERE seq IN (SELECT seq FROM audit_log ORDER BY seq LIMIT ?2) AND at < ?1")

    /// One page of an app's log (`AuditQuery`), with its values.
    static func page(appID: String, _ query: AuditQuery, _ dialect: SQLDialect) -> (sql: String, values: [SQLValue]) {
        var b = SQLBindings(dialect)
        var condition = "app_id = \(b.bind(.text(appID)))"
        if let after = query.after { condition += " AND seq > \(b.bind(.int(after)))" }
        if let before = query.before { condition += " AND seq < \(b.bind(.int(before)))" }
        if let actor = query.actor { condition += " AND actor_id = \(b.bind(.text(actor)))" }
        if let action = query.action {
            if action.hasSuffix(".") {
                // A prefix: `publish.` is every publish action (a range, so the text needs no escaping).
                condition += " AND action >= \(b.bind(.text(action))) AND action < \(b.bind(.text(String(action.dropLast()) + "/")))"
            } else {
                condition += " AND action = \(b.bind(.text(action)))"
            }
        }
        let order = query.after != nil ? "ASC" : "DESC"
        return ("SELECT \(columns) FROM audit_log WHERE \(condition) ORDER BY seq \(order) LIMIT \(b.bind(.int(query.limit)))", b.values)
    }
}
