
extension SQLiteStore: SQLStore {
    /// One page inserted by one `INSERT … SELECT` (no row leaves SQLite), after a count of
    /// the page (SQLite has no data-modifying WITH to do both in one statement), and added
    /// to the publish's split counters.
    static func insertPage(_ db: SQLiteConnection, _ request: FanOutPageRequest) throws -> FanOutCursor.Page {
        var b = SQLBindings(.sqlite)
        let join = request.pushToStartJoin(&b)
        // A push-to-start token is APNs' whatever the device.
        let (token, platform) = request.activityType == nil ? ("d.token", "d.platform") : ("p.token", "'apns'")
        let source = request.source(join: join, &b)
        // How many devices the page looks at and the last one's seq, bound on their own: the
        // page's window (`FanOutPageRequest.source`; a push-to-start page's only with a token
        // unless a filter narrows it).
        var w = SQLBindings(.sqlite)
        let windowJoin = request.filter == nil ? request.pushToStartJoin(&w) : ""
        let page = try db.query(
            // one store: PostgreSQL counts the page in the statement that inserts it (PostgresStore.insertPage)
            "SELECT count(*), max(seq) FROM (SELECT \(request.seqColumn) AS seq \(request.candidates(join: windowJoin, &w)))", w.values
        ) { ($0.int(0), $0.optionalInt(1)) }.first ?? (0, nil)
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
