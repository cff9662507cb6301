
extension SQLiteStore: SQLStore {
    /// One page inserted by one `INSERT … SELECT` (no row leaves SQLite), after a count of
    /// the page (SQLite has no data-modifying WITH to do both in one statement).
    static func insertPage(_ db: SQLiteConnection, _ request: FanOutPageRequest) throws -> FanOutCursor.Page {
        let devices =
            request.isInterest ? "FROM device_interests i JOIN devices d ON d.seq = i.device_seq" : "FROM devices d"
        let keyFilter = request.isInterest ? "i.app_id = ? AND i.interest = ?" : "d.app_id = ? AND d.user_id = ?"
        var filter: [SQLValue] = [.text(request.appID), .text(request.key), .int(request.afterSeq)]
        var join = "", token = "d.token", platform = "d.platform"
        if let activityType = request.activityType {
            join = " JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = ?"
            token = "p.token"
            platform = "'apns'"
            filter.insert(.text(activityType), at: 0)
        }
        let source = "\(devices)\(join) WHERE \(keyFilter) AND d.seq > ? AND d.invalidated_at IS NULL ORDER BY d.seq LIMIT ?"
        filter.append(.int(request.limit))
        // one store: PostgreSQL counts the page in the statement that inserts it (PostgresStore.insertPage)
        let page =
            try db.query("SELECT count(*), max(s) FROM (SELECT d.seq AS s \(source))", filter) { ($0.int(0), $0.optionalInt(1)) }.first
            ?? (0, nil)
        guard page.0 > 0 else { return FanOutCursor.Page(scanned: 0, last: nil, created: 0) }
        // one store: PostgreSQL inserts the page and counts it in one statement (PostgresStore.insertPage)
        let created = try db.execute(
            """
            INSERT OR IGNORE INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at, platform)
            SELECT ?, ?, d.seq, \(token), d.environment, ?, ?, \(platform) \(source)
            """, [.text(request.publishID), .text(request.appID), .double(request.now), .double(request.now)] + filter)
        return FanOutCursor.Page(scanned: page.0, last: page.1, created: created)
    }
}
