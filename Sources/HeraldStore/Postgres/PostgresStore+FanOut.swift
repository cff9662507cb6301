
extension PostgresStore: SQLStore {
    /// One page inserted, counted and added to the publish's split counters by one
    /// statement (no row leaves the server): a data-modifying WITH, which SQLite lacks
    /// (`SQLiteStore.insertPage` takes several).
    static func insertPage(_ db: PostgresConnection, _ request: FanOutPageRequest) throws -> FanOutCursor.Page {
        var b = SQLBindings(.postgres)
        let join = request.pushToStartJoin(&b)
        let token = request.activityType == nil ? "d.token" : "p.token"
        // A push-to-start token is APNs' whatever the device.
        let platform = request.activityType == nil ? "d.platform" : "'apns'"
        let owner = request.inboxLimit == nil ? "" : ", \(InboxStatements.ownerColumn) AS owner"
        let due = request.dueAt(&b)
        // With a filter, the devices the page looks at come first (`FanOutPageRequest.source`).
        let scan =
            request.filter == nil ? "" : "scan AS MATERIALIZED (SELECT \(request.seqColumn) AS seq \(request.candidates(join: "", &b))), "
        let looked = request.filter == nil ? "page" : "scan"
        // one store: the page the data-modifying WITH below inserts
        let source = """
            SELECT d.seq, \(token) AS token, d.environment, \(platform) AS platform, \(request.variant(&b)) AS variant, \(due) AS due\(owner) \(request.source(join: join, window: request.filter == nil ? nil : "scan", &b))
            """
        let (publish, app, now) = (b.bind(.text(request.publishID)), b.bind(.text(request.appID)), b.bind(.double(request.now)))
        let flight = request.flight(&b)
        // The publish's inbox entries for the page's owners, from the same page.
        let kept = request.inboxLimit.map { limit in
            // one store: the page's owners, from the WITH's page (SQLite reads the page again, SQLiteStore.insertPage)
            let owners = "SELECT DISTINCT owner FROM page"
            return ", kept AS (\(InboxStatements.insertPage(.postgres, owners: owners, app: app, message: publish, limit: b.bind(.int(limit)))))"
        } ?? ""
        // A claimed page's new deliveries come back beside the counts.
        let claimedRows = request.claimedBy == nil ? "" : ", \(ClaimedDelivery.columns(of: "m")) FROM (SELECT 1) one LEFT JOIN made m ON true"
        // one store: a data-modifying WITH inserts the page and counts it in one round trip; SQLite has none
        let rows = try db.query(
            """
            WITH \(scan)page AS MATERIALIZED (\(source)),
            made AS (
                INSERT INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at, platform, variant, due_at,
                    state, attempts, lease_owner)
                SELECT \(publish), \(app), seq, token, environment, coalesce(due, \(now)), \(now), platform, variant, due, \(flight) FROM page
                ON CONFLICT DO NOTHING RETURNING *
            ),
            split AS (\(SplitStatements.addTargeted(from: "made")))\(kept)
            SELECT (SELECT count(*) FROM \(looked)), (SELECT max(seq) FROM \(looked)), (SELECT count(*) FROM made)\(claimedRows)
            """, b.values)
        // One row of counts, or with a claim one per new delivery (each with the counts).
        let claimed = request.claimedBy == nil ? [] : try rows.compactMap { row in try row.isNull(3) ? nil : ClaimedDelivery(row, from: 3) }
        return FanOutCursor.Page(scanned: try rows[0].int(0), last: try rows[0].optionalInt(1), created: try rows[0].int(2), claimed: claimed)
    }
}
