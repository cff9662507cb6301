extension PostgresStore {
    public func publishes(appID: String, limit: Int) throws -> [PublishRecord] {
        try read { db in try Self.loadPublishes(db, "WHERE app_id = $1 ORDER BY seq DESC LIMIT $2", [.text(appID), .int(limit)]) }
    }

    public func devices(appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord] {
        let condition: String
        let value: String
        switch lookup {
        case .token(let token):
            (condition, value) = ("WHERE d.app_id = $1 AND d.token = $2 LIMIT $3", token.lowercased())
        case .deviceID(let id):
            (condition, value) = ("WHERE d.app_id = $1 AND d.id = $2 LIMIT $3", id)
        case .user(let user):
            (condition, value) = ("WHERE d.app_id = $1 AND d.user_id = $2 ORDER BY d.seq LIMIT $3", user)
        case .interest(let interest):
            condition = """
                JOIN device_interests i ON i.device_seq = d.seq
                WHERE i.app_id = $1 AND i.interest = $2 ORDER BY i.device_seq LIMIT $3
                """
            value = interest
        }
        return try read { db in try Self.loadDevices(db, condition, [.text(appID), .text(value), .int(limit)]) }
    }

    public func failedDeliveries(appID: String, publishID: String, limit: Int) throws -> [DeliveryTrace] {
        try read { db in
            try db.query(
                """
                SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at FROM deliveries d LEFT JOIN devices v ON v.seq = d.device_seq
                WHERE d.publish_id = $1 AND d.app_id = $2 AND d.state IN (\(DeliveryTrace.failedStates)) ORDER BY d.seq LIMIT $3
                """, [.text(publishID), .text(appID), .int(limit)]
            ).map(Self.outcomeRow)
        }
    }

    public func deliveries(appID: String, deviceID: String, limit: Int) throws -> [DeliveryTrace] {
        try read { db in
            try db.query(
                """
                SELECT d.publish_id, v.id, d.token, d.state, d.reason, d.updated_at
                FROM (SELECT id, seq FROM publishes WHERE app_id = $1 ORDER BY seq DESC LIMIT $2) p
                JOIN devices v ON v.app_id = $1 AND v.id = $3
                JOIN deliveries d ON d.publish_id = p.id AND d.token = v.token
                ORDER BY p.seq DESC LIMIT $4
                """, [.text(appID), .int(deviceDeliveriesPublishWindow), .text(deviceID), .int(limit)]
            ).map(Self.outcomeRow)
        }
    }

    public func endConsoleSession(appID: String, id: String, expiresAt: Double, now: Double) throws {
        try write { db in
            _ = try db.execute("DELETE FROM console_signouts WHERE expires_at <= $1", [.double(now)])
            _ = try db.execute(
                "INSERT INTO console_signouts (session_id, app_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
                [.text(id), .text(appID), .double(expiresAt)])
        }
    }

    public func consoleSessionEnded(id: String) throws -> Bool {
        try read { db in try !db.query("SELECT 1 FROM console_signouts WHERE session_id = $1", [.text(id)]).isEmpty }
    }

    private static func outcomeRow(_ row: PostgresRow) throws -> DeliveryTrace {
        DeliveryTrace(
            publishID: try row.string(0), deviceID: try row.optionalString(1), token: try row.string(2),
            state: DeliveryTrace.stateName(try row.int(3)), reason: try row.optionalString(4), updatedAt: try row.double(5))
    }
}
