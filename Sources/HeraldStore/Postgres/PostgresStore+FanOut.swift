
extension PostgresStore: SQLStore {
    /// One page inserted and counted by one statement (no row leaves the server): a
    /// data-modifying WITH, which SQLite lacks (`SQLiteStore.insertPage` takes two).
    static func insertPage(_ db: PostgresConnection, _ request: FanOutPageRequest) throws -> FanOutCursor.Page {
        let join = request.activityType == nil ? "" : " JOIN push_to_start_tokens p ON p.device_seq = d.seq AND p.activity_type = $7"
        let token = request.activityType == nil ? "d.token" : "p.token"
        // A push-to-start token is APNs' whatever the device.
        let platform = request.activityType == nil ? "d.platform" : "'apns'"
        // one store: the page the data-modifying WITH below inserts
        let source =
            request.isInterest
            // one store: as above
            ? """
            SELECT d.seq, \(token) AS token, d.environment, \(platform) AS platform FROM device_interests i JOIN devices d ON d.seq = i.device_seq\(join)
            WHERE i.app_id = $1 AND i.interest = $2 AND i.device_seq > $3 AND d.invalidated_at IS NULL ORDER BY i.device_seq LIMIT $4
            """
            // one store: as above
            : """
            SELECT d.seq, \(token) AS token, d.environment, \(platform) AS platform FROM devices d\(join)
            WHERE d.app_id = $1 AND d.user_id = $2 AND d.seq > $3 AND d.invalidated_at IS NULL ORDER BY d.seq LIMIT $4
            """
        var parameters: [SQLValue] = [
            .text(request.appID), .text(request.key), .int(request.afterSeq), .int(request.limit), .text(request.publishID),
            .double(request.now),
        ]
        if let activityType = request.activityType { parameters.append(.text(activityType)) }
        // one store: a data-modifying WITH inserts the page and counts it in one round trip; SQLite has none
        let row = try db.query(
            """
            WITH page AS MATERIALIZED (\(source)),
            made AS (
                INSERT INTO deliveries (publish_id, app_id, device_seq, token, environment, next_at, updated_at, platform)
                SELECT $5, $1, seq, token, environment, $6, $6, platform FROM page ON CONFLICT (publish_id, token) DO NOTHING RETURNING 1
            )
            SELECT (SELECT count(*) FROM page), (SELECT max(seq) FROM page), (SELECT count(*) FROM made)
            """, parameters)[0]
        return FanOutCursor.Page(scanned: try row.int(0), last: try row.optionalInt(1), created: try row.int(2))
    }
}
