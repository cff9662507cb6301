/// The statements of the inbox (`SQLStore+Inbox`, and the fan-out's inbox page), written
/// once for both stores and rendered for each database once. An entry's `seq` is the
/// store's increasing row key: a change deletes the entry and inserts it again, so it gets
/// the next value (never one used before).
enum InboxStatements {
    /// A transaction advisory lock on the app's inboxes ("HIBX" the class, the app's hash
    /// the key).
    static let lockApp = PostgresLock("SELECT pg_advisory_xact_lock(1212760664, hashtext(?))")
    /// A device's user and id.
    static let deviceOwner = SQLStatement("SELECT user_id FROM devices WHERE app_id = ? AND id = ?")
    private static let columns = """
        SELECT e.seq, e.message_id, e.is_read, e.is_deleted, m.title, m.body, m.link, m.data, m.created_at, m.expires_at
        FROM inbox_entries e JOIN inbox_messages m ON m.app_id = e.app_id AND m.id = e.message_id
        WHERE e.app_id = ?1 AND e.owner = ?2 AND e.seq > ?3
        """
    /// An inbox's entries after a sequence, with their messages (columns as `SQLStore.inboxEntry`
    /// reads them), `?4` at most; `fromStart` leaves deleted ones out.
    static let page = SQLStatement(columns + " ORDER BY e.seq LIMIT ?4")
    static let fromStart = SQLStatement { d in columns + " AND \(d.isFalse("e.is_deleted")) ORDER BY e.seq LIMIT ?4" }
    /// Messages not read, not deleted and not expired at `?3`.
    static let unread = SQLStatement { d in
        """
        SELECT count(*) FROM inbox_entries e JOIN inbox_messages m ON m.app_id = e.app_id AND m.id = e.message_id
        WHERE e.app_id = ?1 AND e.owner = ?2 AND \(d.isFalse("e.is_read")) AND \(d.isFalse("e.is_deleted"))
        AND (m.expires_at IS NULL OR m.expires_at > ?3)
        """
    }
    /// Messages not deleted.
    static let count = SQLStatement { d in
        "SELECT count(*) FROM inbox_entries WHERE app_id = ? AND owner = ? AND \(d.isFalse("is_deleted"))"
    }
    /// An entry's state (locked on PostgreSQL), its removal and its insertion (the new sequence).
    static let entry = SQLStatement { d in
        "SELECT is_read, is_deleted FROM inbox_entries WHERE app_id = ? AND owner = ? AND message_id = ?\(d.forUpdate)"
    }
    static let deleteEntry = SQLStatement("DELETE FROM inbox_entries WHERE app_id = ? AND owner = ? AND message_id = ?")
    static let insertEntry = SQLStatement { d in
        d.insertOrIgnore(
            "inbox_entries (app_id, owner, message_id, is_read, is_deleted) VALUES (?, ?, ?, ?, ?)",
            conflict: "app_id, message_id, owner")
    }
    /// A message's content; nothing when the app has one with its id.
    static let insertMessage = SQLStatement { d in
        d.insertOrIgnore(
            """
            inbox_messages (app_id, id, title, body, link, data, created_at, expires_at, owner_limit)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, conflict: "app_id, id")
    }
    /// Messages expired at `?1` or created before `?2`, at most `?3`; their entries; themselves.
    static let prunable = SQLStatement(
        """
        SELECT app_id, id FROM inbox_messages WHERE expires_at <= ?1 OR created_at < ?2
        ORDER BY created_at LIMIT ?3
        """)
    static let pruneEntries = SQLStatement("DELETE FROM inbox_entries WHERE app_id = ? AND message_id = ?")
    static let pruneMessage = SQLStatement("DELETE FROM inbox_messages WHERE app_id = ? AND id = ?")
    /// The background sync publish pending for an inbox: the new one (nothing when one is
    /// scheduled) with the device whose change it follows (`inbox_origin`, `?9`), the one
    /// scheduled and its origin, and its update (payload, target, origin).
    static let insertSync = SQLStatement(
        """
        INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, send_at,
        environment, status, created_at, updated_at, inbox_sync, inbox_origin)
        VALUES (?1, ?2, ?3, ?4, ?5, 'background', 5, ?1, ?6, 'production', 'scheduled', ?7, ?7, ?8, ?9)
        ON CONFLICT (app_id, inbox_sync) WHERE status = 'scheduled' AND inbox_sync IS NOT NULL DO NOTHING
        """)
    static let pendingSync = SQLStatement { d in
        "SELECT id, inbox_origin FROM publishes WHERE app_id = ? AND inbox_sync = ? AND status = 'scheduled'\(d.forUpdate)"
    }
    static let updateSync = SQLStatement(
        """
        UPDATE publishes SET payload = ?, updated_at = ?, target_kind = ?, target_keys = ?, inbox_origin = ?
        WHERE id = ? AND status = 'scheduled'
        """)
    /// A user's devices but one (`?3`, the change's origin): those a sync publish goes to.
    static let otherDevices = SQLStatement(
        "SELECT id FROM devices WHERE app_id = ? AND user_id = ? AND id <> ? AND invalidated_at IS NULL ORDER BY seq")

    /// One fan-out page's inbox entries: the distinct owners `owners` (a query with one
    /// column, `owner`) whose inbox holds fewer than `limit` messages, each one entry of the
    /// publish's message (none when it has one: a page fanned out again after a crash keeps one).
    static func insertPage(_ d: SQLDialect, owners: String, app: String, message: String, limit: String) -> String {
        d.insertOrIgnore(
            """
            inbox_entries (app_id, owner, message_id, is_read, is_deleted)
            SELECT \(app), owners.owner, \(message), \(d.false), \(d.false) FROM (\(owners)) owners
            WHERE (SELECT count(*) FROM inbox_entries held WHERE held.app_id = \(app) AND held.owner = owners.owner
            AND \(d.isFalse("held.is_deleted"))) < \(limit)
            """, conflict: "app_id, message_id, owner")
    }

    /// The distinct inbox owners of the devices `source` (`FanOutPageRequest.source`, FROM … LIMIT) selects.
    static func owners(_ source: String) -> String {
        "SELECT DISTINCT owner FROM (SELECT \(ownerColumn) AS owner \(source)) devices_page"
    }

    /// The inbox owner of device `d`.
    static let ownerColumn = "CASE WHEN d.user_id IS NULL THEN d.id ELSE 'user:' || d.user_id END"
}
