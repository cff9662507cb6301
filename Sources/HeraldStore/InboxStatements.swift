/// The statements of the inbox (`SQLStore+Inbox`, and the fan-out's inbox page), written
/// once for both stores and rendered for each database once. An entry's `seq` is the
/// store's increasing row key: a change deletes the entry and inserts it again, so it gets
/// the next value (never one used before).
final class InboxStatements: Sendable {
    /// A device's user and id.
    let deviceOwner: String
    /// An inbox's entries after a sequence, with their messages (columns as `SQLStore.inboxEntry`
    /// reads them), `?4` at most; `fromStart` leaves deleted ones out.
    let page: String
    let fromStart: String
    /// Messages not read, not deleted and not expired at `?3`.
    let unread: String
    /// Messages not deleted.
    let count: String
    /// An entry's state (locked on PostgreSQL), its removal and its insertion (the new sequence).
    let entry: String
    let deleteEntry: String
    let insertEntry: String
    /// A message's content; nothing when the app has one with its id.
    let insertMessage: String
    /// Messages expired at `?1` or created before `?2`, at most `?3`; their entries; themselves.
    let prunable: String
    let pruneEntries: String
    let pruneMessage: String
    /// The background sync publish pending for an inbox: the new one (nothing when one is
    /// scheduled), the one scheduled and its payload's update.
    let insertSync: String
    let pendingSync: String
    let updateSync: String
    /// PostgreSQL: the app's inbox lock, taken by every transaction that gives entries a
    /// sequence and held to its commit, so an app's sequences commit in order and a reader's
    /// cursor never passes one still to come. SQLite (one writer) needs none: nil.
    let lockApp: String?

    init(_ d: SQLDialect) {
        // "HIBX": the inbox's class of transaction advisory locks, the app's hash the key.
        lockApp = d == .postgres ? "SELECT pg_advisory_xact_lock(1212760664, hashtext($1))" : nil
        deviceOwner = d.render("SELECT user_id FROM devices WHERE app_id = ? AND id = ?")
        let columns = """
            SELECT e.seq, e.message_id, e.is_read, e.is_deleted, m.title, m.body, m.link, m.data, m.created_at, m.expires_at
            FROM inbox_entries e JOIN inbox_messages m ON m.app_id = e.app_id AND m.id = e.message_id
            WHERE e.app_id = ?1 AND e.owner = ?2 AND e.seq > ?3
            """
        page = d.render(columns + " ORDER BY e.seq LIMIT ?4")
        fromStart = d.render(columns + " AND \(d.isFalse("e.is_deleted")) ORDER BY e.seq LIMIT ?4")
        unread = d.render(
            """
            SELECT count(*) FROM inbox_entries e JOIN inbox_messages m ON m.app_id = e.app_id AND m.id = e.message_id
            WHERE e.app_id = ?1 AND e.owner = ?2 AND \(d.isFalse("e.is_read")) AND \(d.isFalse("e.is_deleted"))
            AND (m.expires_at IS NULL OR m.expires_at > ?3)
            """)
        count = d.render("SELECT count(*) FROM inbox_entries WHERE app_id = ? AND owner = ? AND \(d.isFalse("is_deleted"))")
        entry = d.render(
            "SELECT is_read, is_deleted FROM inbox_entries WHERE app_id = ? AND owner = ? AND message_id = ?\(d.forUpdate)")
        deleteEntry = d.render("DELETE FROM inbox_entries WHERE app_id = ? AND owner = ? AND message_id = ?")
        insertEntry = d.render(
            d.insertOrIgnore(
                "inbox_entries (app_id, owner, message_id, is_read, is_deleted) VALUES (?, ?, ?, ?, ?)",
                conflict: "app_id, message_id, owner"))
        insertMessage = d.render(
            d.insertOrIgnore(
                """
                inbox_messages (app_id, id, title, body, link, data, created_at, expires_at, owner_limit)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, conflict: "app_id, id"))
        prunable = d.render(
            """
            SELECT app_id, id FROM inbox_messages WHERE expires_at <= ?1 OR created_at < ?2
            ORDER BY created_at LIMIT ?3
            """)
        pruneEntries = d.render("DELETE FROM inbox_entries WHERE app_id = ? AND message_id = ?")
        pruneMessage = d.render("DELETE FROM inbox_messages WHERE app_id = ? AND id = ?")
        insertSync = d.render(
            """
            INSERT INTO publishes (id, app_id, target_kind, target_keys, payload, push_type, priority, collapse_id, send_at,
            environment, status, created_at, updated_at, inbox_sync)
            VALUES (?1, ?2, ?3, ?4, ?5, 'background', 5, ?1, ?6, 'production', 'scheduled', ?7, ?7, ?8)
            ON CONFLICT (app_id, inbox_sync) WHERE status = 'scheduled' AND inbox_sync IS NOT NULL DO NOTHING
            """)
        pendingSync = d.render(
            "SELECT id FROM publishes WHERE app_id = ? AND inbox_sync = ? AND status = 'scheduled'\(d.forUpdate)")
        updateSync = d.render("UPDATE publishes SET payload = ?, updated_at = ? WHERE id = ? AND status = 'scheduled'")
    }

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
