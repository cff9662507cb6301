extension SchemaStatements {
    /// Migration 28: the routes held back (`RoutePause`), one row per app and route, so a
    /// publish's status read by any process can say which of its deliveries wait and why.
    static func routePauses(_ d: SQLDialect) -> String {
        """
            CREATE TABLE route_pauses (
                app_id TEXT NOT NULL, route TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT NOT NULL,
                since \(d.real) NOT NULL, until \(d.real) NOT NULL,
                PRIMARY KEY (app_id, route)
            );
            """
    }
}

/// The statements of route pauses (`SQLStore+RoutePauses`), written once for both stores.
enum RoutePauseStatements {
    /// `?1` app, `?2` route (`DeliveryRoute.key`), `?3` kind, `?4` reason, `?5` since, `?6` until.
    static let record = SQLStatement(
        """
        INSERT INTO route_pauses (app_id, route, kind, reason, since, until) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (app_id, route) DO UPDATE SET kind = excluded.kind, reason = excluded.reason, until = excluded.until
        """)
    /// The route's deliveries due before the pause ends wait for its end (`?1` until, `?2`
    /// app, `?3` route), through the index of the app's due deliveries: a claim that
    /// leaves out a paused route then finds none of them, instead of reading them all at
    /// every step.
    static let deferWaiting = SQLStatement(
        """
        UPDATE deliveries SET next_at = ?1 WHERE app_id = ?2 AND state = 0 AND next_at < ?1
        AND (CASE platform WHEN 'apns' THEN environment ELSE platform END) = ?3
        """)
    static let end = SQLStatement("DELETE FROM route_pauses WHERE app_id = ? AND route = ?")
    static let ofApp = SQLStatement("SELECT route, kind, reason, since, until FROM route_pauses WHERE app_id = ?")
    /// A publish's waiting deliveries by route, through the (publish, device) index's prefix.
    static let waiting = SQLStatement(
        "SELECT \(DeliveryRoute.routeColumn), count(*) FROM deliveries d WHERE d.publish_id = ? AND d.state = 0 GROUP BY 1")
}
