
extension SQLiteStore: SQLStore {
    /// One page inserted by one `INSERT … SELECT` (no row leaves SQLite), after a count of
    /// the page (SQLite has no data-modifying WITH to do both in one statement), and added
    /// to the publish's split counters.
    static func insertPage(_ db: SQLiteConnection, _ request: FanOutPageRequest) throws -> FanOutCursor.Page {
        var b = SQLBindings(.sqlite)
        var join = "", token = "d.token", platform = "d.platform"
        if let activityType = request.activityType {
            join = " JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = \(b.bind(.text(activityType)))"
            token = "p.token"
            platform = "'apns'"
        }
        let source = request.source(join: join, &b)
        // How many devices the page looks at, bound on its own (the join's type again).
        var w = SQLBindings(.sqlite)
        let windowJoin = request.activityType.map { " JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = \(w.bind(.text($0)))" } ?? ""
        // How many devices the page looks at and the last one's seq: the matching devices
        // without a filter, the whole window with one (`FanOutPageRequest.source`).
        let window =
            request.filter == nil
            // one store: PostgreSQL counts the page in the statement that inserts it (PostgresStore.insertPage)
            ? "SELECT count(*), max(s) FROM (SELECT d.seq AS s \(request.source(join: windowJoin, &w)))"
            // one store: as above
            : "SELECT count(*), max(seq) FROM (SELECT \(request.seqColumn) AS seq \(request.candidates(join: "", &w)))"
        let page = try db.query(window, w.values) { ($0.int(0), $0.optionalInt(1)) }.first ?? (0, nil)
        guard page.0 > 0 else { return FanOutCursor.Page(scanned: 0, last: nil, created: 0) }
        let (publish, app, now) = (b.bind(.text(request.publishID)), b.bind(.text(request.appID)), b.bind(.double(request.now)))
        let variant = request.variant(&b)
        let due = request.dueAt(&b)
        // one store: the one writer's new rows are those past the table's last seq (PostgreSQL counts the inserted rows in its WITH)
        let before = try db.scalar("SELECT coalesce(max(seq), 0) FROM deliveries") ?? 0
        let flight = request.flight(&b)
        // one store: PostgreSQL inserts the page and counts it in one statement (PostgresStore.insertPage)
        let insert = """
            INSERT OR IGNORE INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at, platform, variant, due_at,
            state, attempts, lease_owner)
            SELECT \(publish), \(app), d.seq, \(token), d.environment, coalesce(\(due), \(now)), \(now), \(platform), \(variant), \(due),
            \(flight) \(source)
            """
        var claimed: [ClaimedDelivery] = []
        let created: Int
        if request.claimedBy == nil {
            created = try db.execute(insert, b.values)
        } else {
            // one store: as above, the claimed rows read back as they go in
            claimed = try db.query(insert + " RETURNING \(ClaimedDelivery.columns(of: "deliveries"))", b.values) { try ClaimedDelivery($0) }
            created = claimed.count
        }
        if created > 0 {
            // NOT INDEXED keeps SQLite on the rowid range (grouping by publish, it would walk the whole (publish_id, device_seq) index).
            // one store: as above
            try db.execute(SplitStatements.addTargeted(from: "deliveries NOT INDEXED WHERE seq > ?"), [.int(before)])
        }
        if let limit = request.inboxLimit { _ = try insertInboxPage(db, request, limit: limit) }
        return FanOutCursor.Page(scanned: page.0, last: page.1, created: created, claimed: claimed)
    }
}
