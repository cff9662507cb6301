/// The webhook endpoints' statements (`SQLStore+Webhooks`), written once for both stores.
enum WebhookStatements {
    static let columns = """
        id, app_id, url, events, description, secret, old_secret, old_secret_until, enabled, disabled_reason, cursor_seq,
        failures, next_at, last_success_at, last_failure_at, last_failure_status, last_failure_error, created_at, updated_at
        """
    static let insert = SQLStatement(
        """
        INSERT INTO webhooks (id, app_id, url, events, description, secret, enabled, cursor_seq, next_at, created_at, updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, ?9)
        """)
    /// The app's endpoints, counted (locked on PostgreSQL: two creations take turns on the bound).
    static let lockApp = PostgresLock("SELECT 1 FROM apps WHERE id = ? FOR NO KEY UPDATE")
    static let count = SQLStatement("SELECT count(*) FROM webhooks WHERE app_id = ?")
    static let all = SQLStatement("SELECT \(columns) FROM webhooks WHERE app_id = ? ORDER BY created_at, id")
    static let one = SQLStatement("SELECT \(columns) FROM webhooks WHERE app_id = ? AND id = ?")
    static let oneLocked = SQLStatement { d in "SELECT \(columns) FROM webhooks WHERE app_id = ? AND id = ?\(d.forUpdate)" }
    static let update = SQLStatement(
        """
        UPDATE webhooks SET url = ?3, events = ?4, description = ?5, enabled = ?6, disabled_reason = ?7, failures = ?8, next_at = ?9,
        updated_at = ?10 WHERE app_id = ?1 AND id = ?2
        """)
    static let enabled = SQLStatement { d in "SELECT \(columns) FROM webhooks WHERE \(d.isTrue("enabled")) ORDER BY id LIMIT ?" }
    static let disable = SQLStatement { d in
        "UPDATE webhooks SET enabled = \(d.false), disabled_reason = ?3, updated_at = ?4 WHERE app_id = ?1 AND id = ?2 AND \(d.isTrue("enabled"))"
    }
    static let delete = SQLStatement("DELETE FROM webhooks WHERE app_id = ? AND id = ?")
    static let deleteAttempts = SQLStatement("DELETE FROM webhook_attempts WHERE webhook_id = ?")
    static let rotate = SQLStatement(
        "UPDATE webhooks SET old_secret = secret, old_secret_until = ?3, secret = ?4, updated_at = ?5 WHERE app_id = ?1 AND id = ?2")
    static let moveBack = SQLStatement(
        "UPDATE webhooks SET cursor_seq = ?3, updated_at = ?4 WHERE app_id = ?1 AND id = ?2 AND cursor_seq > ?3")
    static let attempts = SQLStatement(
        "SELECT at, status, error, events, first_event, duration FROM webhook_attempts WHERE webhook_id = ? ORDER BY seq DESC LIMIT ?")
    /// Whether any endpoint is due and free (`due` without its lock): most turns find none
    /// and take no write lock.
    static let anyDue = SQLStatement { d in
        """
        SELECT 1 FROM webhooks w WHERE \(d.isTrue("enabled")) AND next_at <= ?1
        AND (claimed_until IS NULL OR claimed_until < ?1 OR NOT EXISTS (SELECT 1 FROM gateway_instances g WHERE g.id = w.claimed_by))
        AND EXISTS (SELECT 1 FROM event_log e WHERE e.app_id = w.app_id AND e.seq > w.cursor_seq) LIMIT 1
        """
    }
    /// Endpoints due and free, picked (PostgreSQL skips those another process is claiming):
    /// not claimed, or by a process whose claim ran out or that is gone (another took its
    /// lease over; SQLite frees the last run's claims at start).
    static let due = SQLStatement { d in
        """
        SELECT id FROM webhooks w WHERE \(d.isTrue("enabled")) AND next_at <= ?1
        AND (claimed_until IS NULL OR claimed_until < ?1 OR NOT EXISTS (SELECT 1 FROM gateway_instances g WHERE g.id = w.claimed_by))
        AND EXISTS (SELECT 1 FROM event_log e WHERE e.app_id = w.app_id AND e.seq > w.cursor_seq)
        ORDER BY next_at LIMIT ?2\(d.forUpdateSkipLocked)
        """
    }
    static let claim = SQLStatement("UPDATE webhooks SET claimed_by = ?, claimed_until = ? WHERE id = ?")
    static let claimed = SQLStatement("SELECT \(columns) FROM webhooks WHERE id = ?")
    /// A report about an endpoint still claimed by its process: the cursor (when it has not
    /// moved meanwhile), then the rest.
    static let advance = SQLStatement("UPDATE webhooks SET cursor_seq = ?3 WHERE id = ?1 AND claimed_by = ?2 AND cursor_seq = ?4")
    static let finish = SQLStatement { d in
        """
        UPDATE webhooks SET failures = ?3, next_at = ?4, claimed_by = CASE WHEN CAST(?11 AS \(d.real)) IS NULL THEN NULL ELSE claimed_by END,
        claimed_until = CAST(?11 AS \(d.real)), updated_at = ?5,
        enabled = CASE WHEN CAST(?6 AS TEXT) IS NULL THEN enabled ELSE \(d.false) END, disabled_reason = coalesce(CAST(?6 AS TEXT), disabled_reason),
        last_success_at = CASE WHEN ?7 = 1 THEN ?5 ELSE last_success_at END,
        last_failure_at = CASE WHEN ?8 = 1 THEN ?5 ELSE last_failure_at END,
        last_failure_status = CASE WHEN ?8 = 1 THEN CAST(?9 AS INTEGER) ELSE last_failure_status END,
        last_failure_error = CASE WHEN ?8 = 1 THEN CAST(?10 AS TEXT) ELSE last_failure_error END
        WHERE id = ?1 AND claimed_by = ?2 RETURNING enabled, cursor_seq
        """
    }
    static let insertAttempt = SQLStatement(
        "INSERT INTO webhook_attempts (webhook_id, at, status, error, events, first_event, duration) VALUES (?, ?, ?, ?, ?, ?, ?)")
    /// Attempts past the newest `?2` of an endpoint.
    static let trimAttempts = SQLStatement(
        """
        DELETE FROM webhook_attempts WHERE webhook_id = ?1 AND seq <= (SELECT seq FROM webhook_attempts WHERE webhook_id = ?1
        ORDER BY seq DESC LIMIT 1 OFFSET ?2)
        """)

    /// An endpoint's backlog, built at run time from the types it asks for: the first
    /// event's time (its values all but the last) and a count that stops at `limit`.
    static func backlog(appID: String, after: EventCursor, matching selector: EventSelector?, limit: Int, _ dialect: SQLDialect)
        -> (oldest: String, count: String, values: [SQLValue])
    {
        var b = SQLBindings(dialect)
        let head = "FROM event_log WHERE app_id = \(b.bind(.text(appID))) AND seq > \(b.bind(.int(after.seq)))"
            + (selector?.condition(&b).map { " AND " + $0 } ?? "")
        let oldest = "SELECT at \(head) ORDER BY seq LIMIT 1"
        let count = "SELECT count(*) FROM (SELECT 1 \(head) LIMIT \(b.bind(.int(limit)))) e"
        return (oldest, count, b.values)
    }
}
